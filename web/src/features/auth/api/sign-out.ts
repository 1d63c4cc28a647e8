import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { sessionQueryOptions } from '@/lib/session';
import { clinicCodeSetting, clinicNameSetting, deviceModeSetting } from '@/lib/device-settings';
import { activeEncounter } from '@/lib/active-encounter';
import { deliverPendingSignOut } from '@/lib/api-client';
import { rememberSignOut } from '@/lib/pending-sign-out';

function eraseKeptData(): Promise<void> {
  return import('@/lib/account-data')
    .then((accountData) => accountData.eraseAccountData(null))
    .catch(() => undefined);
}

/**
 * Signs out on this device at once, with or without a connection, and ends the session on the
 * server as soon as it can be reached: the device is marked signed out first
 * (`lib/pending-sign-out.ts`), so from then on, a reload included, nothing shows the account as
 * signed in, and the server hears of it before any other request. Only a browser that will not
 * keep the mark waits for the server, as there the mark could not outlive a reload.
 */
async function signOut(): Promise<void> {
  const remembered = rememberSignOut();
  // What was kept for offline use goes at once: a phone with no connection is handed on all
  // the same.
  await eraseKeptData();
  const told = deliverPendingSignOut();
  if (remembered) void told.catch(() => undefined);
  else await told;
}

/**
 * Signs out and forgets the person on this device: user, role, active encounter,
 * everything loaded for them and kept for offline use, and what still waited to be sent. The
 * device mode stays; the clinic binding stays only in clinic mode. Ends on /login. The
 * outcome is told through `onSignedOut` and `onFailed`, which run even though signing out
 * takes the reader off the screen that asked.
 */
export function useSignOut({
  onSignedOut,
  onFailed,
}: { onSignedOut?: () => void; onFailed?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signOut,
    // Never paused for a connection: the device signs out now, the server when it can.
    networkMode: 'always',
    onSuccess: () => {
      navigate('/login', { replace: true });
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
      activeEncounter.set(null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0],
      });
      // The next person on this phone finds nothing of this account's, nor its unsent work.
      void eraseKeptData();
      if (deviceModeSetting.get() === 'personal') {
        clinicCodeSetting.set(null);
        clinicNameSetting.set(null);
      }
      onSignedOut?.();
    },
    onError: () => onFailed?.(),
  });
}
