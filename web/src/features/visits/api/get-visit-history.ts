import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

export function getVisitHistory(): Promise<Visit[]> {
  return apiFetch<Visit[]>('/api/visits/history');
}

export const visitHistoryQueryOptions = queryOptions({
  queryKey: visitsKeys.history(),
  queryFn: getVisitHistory,
});

/** The patient's finished visits, newest first. */
export function useVisitHistory() {
  return useQuery(visitHistoryQueryOptions);
}
