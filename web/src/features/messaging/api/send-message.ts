import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMessageSchema, type Message } from '@shared/messaging';
import { apiFetch, ApiRequestError } from '@/lib/api-client';
import { addToMessages } from './get-messages';
import { messagingKeys } from './query-keys';

export interface SendMessageInput {
  conversationId: string;
  /** Chosen once per message, so sending it again can never store it twice. */
  id: string;
  content: string;
}

export function sendMessage({ conversationId, id, content }: SendMessageInput): Promise<Message> {
  const body = sendMessageSchema.parse({ id, content });
  return apiFetch<Message>(
    `/api/messaging/conversations/${encodeURIComponent(conversationId)}/messages`,
    { method: 'POST', body: JSON.stringify(body) },
  );
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // A lost answer is safe to ask again: the server keeps one message per id.
    retry: (failures, error) =>
      error instanceof ApiRequestError && error.code === 'network' && failures < 2,
    retryDelay: (failures) => 500 * 2 ** failures,
    // The answer is the stored message: it joins the conversation's cache as it is, and only
    // the list, whose order and previews the server decides, is asked again.
    onSuccess: async (message) => {
      const messagesKey = messagingKeys.messages(message.conversationId);
      // A poll already under way was answered before this message was stored; its older
      // list would hide the message until the next poll.
      if (queryClient.getQueryData(messagesKey)) {
        await queryClient.cancelQueries({ queryKey: messagesKey });
      }
      addToMessages(queryClient, [message]);
      await queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });
}
