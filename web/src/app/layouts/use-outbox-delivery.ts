import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKind, messageSender } from '@/features/messaging/api/send-message';
import { outbox } from '@/lib/outbox';

/**
 * Runs the outbox for the signed-in account while the protected shell is shown, with the
 * senders of the features whose work it carries.
 */
export function useOutboxDelivery(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => outbox.register(messageKind, messageSender(queryClient)), [queryClient]);
  useEffect(() => {
    if (userId === null) return;
    outbox.start(userId);
    return () => outbox.stop();
  }, [userId]);
}
