import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { postVisitAction, setVisit } from './visit-actions';

/** The doctor ends the visit for both people. */
export function endVisit(id: string): Promise<Visit> {
  return postVisitAction(id, 'end');
}

export function useEndVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endVisit,
    onSuccess: (visit) => setVisit(queryClient, visit),
  });
}
