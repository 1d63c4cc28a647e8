import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { acquirePush } from './push-connection';

/** Keeps the tab's push stream open while the calling screen is shown. */
export function useMessagingPush(): void {
  const queryClient = useQueryClient();
  useEffect(() => acquirePush(queryClient), [queryClient]);
}
