import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { visitsKeys } from './query-keys';
import { postVisitAction, setVisit } from './visit-actions';

/** A doctor takes a queued visit; `visit_taken` when another doctor was first. */
export function startVisit(id: string): Promise<Visit> {
  return postVisitAction(id, 'start');
}

export function useStartVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVisit,
    onSuccess: (visit) => setVisit(queryClient, visit),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitsKeys.queue() }),
  });
}
