import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareTeamAnswer, Conversation } from '@shared/messaging';
import { apiFetch } from '@/lib/api-client';
import { messagingKeys } from './query-keys';

/** Creates my care-team conversation, or gives the one I already have. */
export async function startCareTeam(): Promise<Conversation> {
  const answer = await apiFetch<CareTeamAnswer>('/api/messaging/care-team', { method: 'POST' });
  if (!answer.conversation) throw new Error('No care-team conversation');
  return answer.conversation;
}

export function useStartCareTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCareTeam,
    onSuccess: async (conversation) => {
      queryClient.setQueryData(messagingKeys.conversation(conversation.id), conversation);
      await queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });
}
