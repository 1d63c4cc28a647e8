import { useParams } from 'wouter';
import { ConversationScreen } from '@/features/messaging/components/conversation-screen';

export default function ConversationPage() {
  const { conversationId } = useParams<{ conversationId: string }>();
  // A new key per conversation: the draft and scroll position belong to one conversation.
  return <ConversationScreen key={conversationId} conversationId={conversationId} />;
}
