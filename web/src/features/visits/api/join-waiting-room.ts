import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinWaitingRoomSchema, type JoinWaitingRoom, type Visit } from '@shared/visits';
import { apiFetch } from '@/lib/api-client';
import { visitsKeys } from './query-keys';
import { setVisit } from './visit-actions';

/** The patient enters the waiting room; an open visit of theirs comes back instead of a new one. */
export function joinWaitingRoom(input: JoinWaitingRoom): Promise<Visit> {
  const body = joinWaitingRoomSchema.parse(input);
  return apiFetch<Visit>('/api/visits', { method: 'POST', body: JSON.stringify(body) });
}

export function useJoinWaitingRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitingRoom,
    onSuccess: (visit) => {
      setVisit(queryClient, visit);
      void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
    },
  });
}
