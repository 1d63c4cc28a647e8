import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

/** How often the waiting room asks for its place in line. */
export const waitingRoomRefreshMs = 15_000;

export function getVisit(id: string): Promise<Visit> {
  return apiFetch<Visit>(`/api/visits/${encodeURIComponent(id)}`);
}

export function visitQueryOptions(id: string) {
  return queryOptions({ queryKey: visitsKeys.detail(id), queryFn: () => getVisit(id) });
}

/** One visit; refreshed every 15 seconds while it waits in the queue, and on its push events. */
export function useVisit(id: string) {
  return useQuery({
    ...visitQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.status === 'queued' ? waitingRoomRefreshMs : false,
  });
}
