import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentVisit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

export function getCurrentVisit(): Promise<CurrentVisit> {
  return apiFetch<CurrentVisit>('/api/visits/current');
}

export const currentVisitQueryOptions = queryOptions({
  queryKey: visitsKeys.current(),
  queryFn: getCurrentVisit,
});

/** The patient's open visit (the active encounter), or null; refetched on every visit event. */
export function useCurrentVisit(enabled: boolean) {
  return useQuery({ ...currentVisitQueryOptions, enabled });
}
