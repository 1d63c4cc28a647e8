import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useScreenSettled } from '@/lib/first-screen';
import { acquirePush } from './push-connection';

/**
 * Keeps the tab's push stream open while the calling screen is shown, from the moment the
 * first screen and its data are up: on HTTP/1.1 a stream holds one of the browser's six
 * connections to the server for as long as it is open, which the first screen's files and data
 * need more. Opening, the stream asks for whatever it missed.
 */
export function useMessagingPush(enabled = true): void {
  const queryClient = useQueryClient();
  const settled = useScreenSettled();
  useEffect(
    () => (settled && enabled ? acquirePush(queryClient) : undefined),
    [queryClient, settled, enabled],
  );
}
