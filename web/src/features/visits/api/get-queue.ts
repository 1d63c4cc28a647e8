import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Queue } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

export function getQueue(): Promise<Queue> {
  return apiFetch<Queue>('/api/visits/queue');
}

export const queueQueryOptions = queryOptions({
  queryKey: visitsKeys.queue(),
  queryFn: getQueue,
});

/** Read again this often even without push, in case the stream is down. */
const queueFallbackRefreshMs = 30_000;

/** The doctors' queue and today's figures; the push stream's `queue` events refresh it. */
export function useQueue() {
  return useQuery({ ...queueQueryOptions, refetchInterval: queueFallbackRefreshMs });
}
