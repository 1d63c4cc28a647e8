import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepAccountData, showLastKnownOffline } from '@/lib/account-data';
import { useOnline } from '@/lib/online-status';

/**
 * The signed-in account's last known data on this device: shown when the connection is gone
 * before the server has said who is signed in (an offline start), and kept up to date once it
 * has (another account's data and outbox are erased first).
 */
export function useAccountData(userId: string | null, waitingForSession: boolean): void {
  const queryClient = useQueryClient();
  const online = useOnline();

  useEffect(() => {
    if (!waitingForSession || online) return;
    void showLastKnownOffline(queryClient).catch(() => undefined);
  }, [waitingForSession, online, queryClient]);

  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | undefined;
    let ended = false;
    keepAccountData(queryClient, userId)
      .then((stopKeeping) => {
        if (ended) stopKeeping();
        else stop = stopKeeping;
      })
      .catch(() => undefined);
    return () => {
      ended = true;
      stop?.();
    };
  }, [userId, queryClient]);
}
