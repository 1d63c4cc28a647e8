import { useStore } from './create-store';
import { localSetting } from './local-setting';

/**
 * A sign-out the server has yet to hear of. Signing out forgets the person on the device at
 * once, with or without a connection, but their session and its cookie end on the server
 * only when it is told. Until then this mark, kept for the device in localStorage (apart from
 * any account's data, which is erased), says the device is signed out: nothing shows the
 * account as signed in, also after a reload offline (`session.ts`), and once the server can be
 * reached it is told before any other request goes out (`api-client.ts`).
 */
const storageKey = 'sewa-sign-out-pending';

export const signOutPending = localSetting<'pending' | null>(storageKey, (raw) =>
  raw === null ? null : 'pending',
);

/** Marks the device signed out; false when the browser would not keep the mark. */
export function rememberSignOut(): boolean {
  signOutPending.set('pending');
  try {
    return localStorage.getItem(storageKey) !== null;
  } catch {
    return false;
  }
}

export function useSignOutPending(): boolean {
  return useStore(signOutPending) !== null;
}
