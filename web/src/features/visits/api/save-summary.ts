import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveSummarySchema, type SaveSummary, type Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { setVisit } from './visit-actions';

/** The doctor writes the visit's summary once it has ended. */
export function saveSummary(id: string, input: SaveSummary): Promise<Visit> {
  const body = saveSummarySchema.parse(input);
  return apiFetch<Visit>(`/api/visits/${encodeURIComponent(id)}/summary`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });
}

export function useSaveSummary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSummary) => saveSummary(id, input),
    onSuccess: (visit) => setVisit(queryClient, visit),
  });
}
