import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useScreenSettled } from '@/lib/first-screen';
import { acquireVisitsPush } from './visits-push';

/**
 * Keeps the tab's visits stream open while `wanted` (patients and doctors), from the moment the
 * first screen and its data are up, as the messages' stream (the open visit itself comes with
 * the screen's data).
 */
export function useVisitsPush(wanted: boolean): void {
  const queryClient = useQueryClient();
  const settled = useScreenSettled();
  useEffect(
    () => (wanted && settled ? acquireVisitsPush(queryClient) : undefined),
    [queryClient, wanted, settled],
  );
}
