import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

/** The doctor ends the visit for both people. */
export function endVisit(id: string): Promise<Visit> {
  return apiFetch<Visit>(`/api/visits/${encodeURIComponent(id)}/end`, {
    method: 'POST',
    body: '{}',
  });
}

export function useEndVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endVisit,
    onSuccess: (visit) => queryClient.setQueryData(visitsKeys.detail(visit.id), visit),
  });
}
