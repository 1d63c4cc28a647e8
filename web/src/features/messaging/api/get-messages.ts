import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { messagePollMs, type Message } from '@shared/messaging';
import { apiFetch, ApiRequestError } from '@/lib/api-client';
import { usePushConnected } from '../push/push-connected';
import { mergeMessages } from './merge-messages';
import { messagingKeys } from './query-keys';

/** Oldest first; with `after`, only those that came after that message. */
export function getMessages(conversationId: string, after?: string): Promise<Message[]> {
  const query = after ? `?after=${encodeURIComponent(after)}` : '';
  return apiFetch<Message[]>(
    `/api/messaging/conversations/${encodeURIComponent(conversationId)}/messages${query}`,
  );
}

export function messagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: messagingKeys.messages(conversationId),
    queryFn: () => getMessages(conversationId),
    retry: (failures, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
  });
}

/**
 * The messages of a conversation. Pushed messages land in this cache as they come;
 * without push it is polled every 5 seconds as the spec does.
 */
export function useMessages(conversationId: string) {
  const pushed = usePushConnected();
  return useQuery({
    ...messagesQueryOptions(conversationId),
    refetchInterval: pushed ? false : messagePollMs,
  });
}

/** Adds messages to a conversation's cache, if that conversation is on screen or cached. */
export function addToMessages(queryClient: QueryClient, messages: Message[]): void {
  for (const message of messages) {
    queryClient.setQueryData<Message[]>(messagingKeys.messages(message.conversationId), (known) =>
      known ? mergeMessages(known, [message]) : known,
    );
  }
}

/** After a gap in push: asks each cached conversation for what came after its last message. */
export async function catchUpMessages(queryClient: QueryClient): Promise<void> {
  const cached = queryClient.getQueriesData<Message[]>({ queryKey: ['messaging', 'messages'] });
  await Promise.all(
    cached.map(async ([key, known]) => {
      const conversationId = key[2];
      if (typeof conversationId !== 'string' || !known) return;
      const arrived = await getMessages(conversationId, known.at(-1)?.id);
      addToMessages(queryClient, arrived);
    }),
  );
}
