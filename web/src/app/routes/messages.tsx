import { MessagesScreen } from '@/features/messaging/components/messages-screen';

export default function MessagesPage() {
  return <MessagesScreen />;
}
