import type { QueryClient } from '@tanstack/react-query';
import { sendMessageSchema, type Message } from '@shared/messaging';
import { apiFetch } from '@/lib/api-client';
import { outbox, useOutbox, type OutboxItem, type OutboxSender } from '@/lib/outbox';
import { addToMessages } from './get-messages';
import { messagingKeys } from './query-keys';

export interface SendMessageInput {
  conversationId: string;
  /** Chosen once per message, so sending it again can never store it twice. */
  id: string;
  content: string;
}

/** The outbox's kind for messages; their key is the conversation, so each keeps its order. */
export const messageKind = 'message';

export function sendMessage({ conversationId, id, content }: SendMessageInput): Promise<Message> {
  const body = sendMessageSchema.parse({ id, content });
  return apiFetch<Message>(
    `/api/messaging/conversations/${encodeURIComponent(conversationId)}/messages`,
    { method: 'POST', body: JSON.stringify(body) },
  );
}

/**
 * Delivers messages from the outbox. The answer is the stored message: it joins the
 * conversation's cache as it is, and only the list, whose order and previews the server
 * decides, is asked again.
 */
export function messageSender(queryClient: QueryClient): OutboxSender<SendMessageInput> {
  return {
    send: sendMessage,
    delivered: async (answer) => {
      const message = answer as Message;
      const messagesKey = messagingKeys.messages(message.conversationId);
      // A load already under way was asked before this message was stored; its older list
      // would hide the message until the next poll, or for good where push keeps it current.
      await queryClient.cancelQueries({ queryKey: messagesKey });
      if (queryClient.getQueryData(messagesKey)) {
        addToMessages(queryClient, [message]);
      } else {
        // The conversation's first load was the one stopped: it is asked again.
        await queryClient.refetchQueries({ queryKey: messagesKey, type: 'active' });
      }
      await queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  };
}

/** Puts a message in the outbox: it shows at once and is sent now, or when the connection returns. */
export async function queueMessage(input: SendMessageInput): Promise<void> {
  const { id, content } = sendMessageSchema.parse(input);
  await outbox.add<SendMessageInput>({
    kind: messageKind,
    key: input.conversationId,
    id,
    payload: { conversationId: input.conversationId, id, content },
  });
}

/** A conversation's messages still on this device: waiting to be sent, or refused. */
export function usePendingMessages(conversationId: string): OutboxItem<SendMessageInput>[] {
  return useOutbox<SendMessageInput>(messageKind).filter((entry) => entry.key === conversationId);
}
