import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visit } from '@shared/visits';
import { visitsKeys } from './query-keys';
import { postVisitAction, setVisit } from './visit-actions';

/** The patient leaves the waiting room. */
export function cancelVisit(id: string): Promise<Visit> {
  return postVisitAction(id, 'cancel');
}

export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVisit,
    onSuccess: (visit) => {
      setVisit(queryClient, visit);
      void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
    },
  });
}
