import type { QueryClient } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

type VisitAction = 'start' | 'end' | 'cancel' | 'join' | 'leave';

/** `POST /api/visits/:id/<action>` with an empty body, the form every action on one visit takes. */
export function postVisitAction<T = Visit>(
  id: string,
  action: VisitAction,
  init: Pick<RequestInit, 'keepalive'> = {},
): Promise<T> {
  return apiFetch<T>(`/api/visits/${encodeURIComponent(id)}/${action}`, {
    ...init,
    method: 'POST',
    body: '{}',
  });
}

/** Keeps the visit a change answered with as that visit's detail. */
export function setVisit(queryClient: QueryClient, visit: Visit): void {
  queryClient.setQueryData(visitsKeys.detail(visit.id), visit);
}
