import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { sessionQueryOptions } from '@/lib/session';
import { clinicCodeSetting, clinicNameSetting, deviceModeSetting } from '@/lib/device-settings';
import { activeEncounter } from '@/lib/active-encounter';
import { apiFetch } from '@/lib/api-client';

/** Ends the session on the server, which expires its cookie. */
export async function signOut(): Promise<void> {
  await apiFetch('/api/auth/sign-out', { method: 'POST', body: '{}' });
}

function eraseKeptData(): Promise<void> {
  return import('@/lib/account-data')
    .then((accountData) => accountData.eraseAccountData(null))
    .catch(() => undefined);
}

/**
 * Signs out and forgets the person on this device: user, role, active encounter,
 * everything loaded for them and kept for offline use, and what still waited to be sent. The
 * device mode stays; the clinic binding stays only in clinic mode. Ends on /login.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signOut,
    // What was kept for offline use goes at once, before the server has heard: a phone with
    // no connection is handed on all the same.
    onMutate: () => eraseKeptData(),
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
    },
  });
}
