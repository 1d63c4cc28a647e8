import { deviceModeSetting, switchToPersonal } from './device-settings';

/** What the notifications feature keeps of who turned push on here (`push-device.ts`). */
const pushOwnerKey = 'push-owner';

/**
 * The part of "Forget this device" that signing out does not do: the browser's push
 * subscription is undone (the server forgets it with the session), the mark of who made it
 * goes, and a personal device keeps no clinic binding. A clinic device stays bound to its
 * clinic (only a manager changes that) and the reader's language stays. Signing out then
 * erases the account's kept data, outbox and cached answers. Never throws.
 */
export async function forgetDeviceState(): Promise<void> {
  try {
    localStorage.removeItem(pushOwnerKey);
  } catch {
    // Storage refused: nothing was kept there either.
  }
  if (deviceModeSetting.get() === 'personal') switchToPersonal();
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Offline or refused: the server drops the subscription with the session all the same.
  }
}

/** How much this app keeps on this device, in bytes, or null when the browser does not say. */
export async function storageUsed(): Promise<number | null> {
  try {
    const estimate = await navigator.storage.estimate();
    return estimate.usage ?? null;
  } catch {
    return null;
  }
}
