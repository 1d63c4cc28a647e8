import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

/** A doctor takes a queued visit; `visit_taken` when another doctor was first. */
export function startVisit(id: string): Promise<Visit> {
  return apiFetch<Visit>(`/api/visits/${encodeURIComponent(id)}/start`, {
    method: 'POST',
    body: '{}',
  });
}

export function useStartVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVisit,
    onSuccess: (visit) => queryClient.setQueryData(visitsKeys.detail(visit.id), visit),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitsKeys.queue() }),
  });
}
