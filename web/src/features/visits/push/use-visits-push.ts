import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { acquireVisitsPush } from './visits-push';

/** Keeps the tab's visits stream open while `wanted` (patients and doctors). */
export function useVisitsPush(wanted: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => (wanted ? acquireVisitsPush(queryClient) : undefined), [queryClient, wanted]);
}
