import { QueueScreen } from '@/features/queue/components/queue-screen';

export default function QueuePage() {
  return <QueueScreen />;
}
