import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messagePollMs, type Conversation } from '@shared/messaging';
import { apiFetch } from '@/lib/api-client';
import { usePushConnected } from '../push/push-connected';
import { messagingKeys } from './query-keys';

export function getConversations(search = ''): Promise<Conversation[]> {
  const query = search.trim() ? `?q=${encodeURIComponent(search.trim())}` : '';
  return apiFetch<Conversation[]>(`/api/messaging/conversations${query}`);
}

export function conversationsQueryOptions(search = '') {
  return queryOptions({
    queryKey: messagingKeys.conversationList(search.trim()),
    queryFn: () => getConversations(search),
  });
}

/** My conversations, newest activity first; polled only while push is not connected. */
export function useConversations(search = '') {
  const pushed = usePushConnected();
  return useQuery({
    ...conversationsQueryOptions(search),
    placeholderData: keepPreviousData,
    refetchInterval: pushed ? false : messagePollMs,
  });
}
