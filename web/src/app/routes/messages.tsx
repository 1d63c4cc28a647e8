import { GrantedOnly } from '@/features/care-circle/components/caring-for-switch';
import { MessagesScreen } from '@/features/messaging/components/messages-screen';

export default function MessagesPage() {
  return (
    <GrantedOnly permission="message">
      <MessagesScreen />
    </GrantedOnly>
  );
}
