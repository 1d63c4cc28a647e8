import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';

/** The patient leaves the waiting room. */
export function cancelVisit(id: string): Promise<Visit> {
  return apiFetch<Visit>(`/api/visits/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: '{}',
  });
}

export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVisit,
    onSuccess: (visit) => {
      queryClient.setQueryData(visitsKeys.detail(visit.id), visit);
      void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
    },
  });
}
