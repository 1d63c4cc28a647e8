import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@shared/messaging';
import { apiFetch, ApiRequestError } from '@/lib/api-client';
import { messagingKeys } from './query-keys';

export function getConversation(id: string): Promise<Conversation> {
  return apiFetch<Conversation>(`/api/messaging/conversations/${encodeURIComponent(id)}`);
}

export function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: messagingKeys.conversation(id),
    queryFn: () => getConversation(id),
    // Missing and forbidden look alike and will not change by asking again.
    retry: (failures, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
  });
}

export function useConversation(id: string) {
  return useQuery(conversationQueryOptions(id));
}
