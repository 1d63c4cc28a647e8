import type { QueryClient } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { conversationQueryOptions } from '@/features/messaging/api/get-conversation';
import { messagesQueryOptions } from '@/features/messaging/api/get-messages';
import { ConversationScreen } from '@/features/messaging/components/conversation-screen';

/** The conversation and its messages, asked for while the app is still starting. */
export function prefetch(queryClient: QueryClient, { conversationId: id }: Record<string, string>) {
  if (!id) return;
  void queryClient.query(conversationQueryOptions(id)).catch(() => undefined);
  void queryClient.query(messagesQueryOptions(id)).catch(() => undefined);
}

export default function ConversationPage() {
  const { conversationId } = useParams<{ conversationId: string }>();
  // A new key per conversation: the draft and scroll position belong to one conversation.
  return <ConversationScreen key={conversationId} conversationId={conversationId} />;
}
