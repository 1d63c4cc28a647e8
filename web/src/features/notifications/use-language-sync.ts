import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useScreenSettled } from '@/lib/first-screen';

/**
 * Keeps the signed-in account's language on the server the reader's (`language-sync.ts`),
 * from once the first screen is up; its code comes then too.
 */
export function useLanguageSync(userId: string | null): void {
  const queryClient = useQueryClient();
  const settled = useScreenSettled();
  useEffect(() => {
    if (userId === null || !settled) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./language-sync')
      .then(({ startLanguageSync }) => {
        if (!stopped) stop = startLanguageSync(queryClient);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [userId, settled, queryClient]);
}
