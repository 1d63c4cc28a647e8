import { useMutation, useQueryClient } from '@tanstack/react-query';
import { visitReasonSchema, type Visit, type VisitReason } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';
import { setVisit } from './visit-actions';

/** The patient says why they came, while their visit waits for a doctor. */
export function saveVisitReason(id: string, input: VisitReason): Promise<Visit> {
  const body = visitReasonSchema.parse(input);
  return apiFetch<Visit>(`/api/visits/${encodeURIComponent(id)}/reason`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });
}

export function useSaveVisitReason(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VisitReason) => saveVisitReason(id, input),
    onSuccess: (visit) => {
      setVisit(queryClient, visit);
      // The patient's open visit is kept apart too.
      void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
    },
  });
}
