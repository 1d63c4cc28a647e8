import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKind, messageSender } from '@/features/messaging/api/send-message';
import { profileKind, profileSender } from '@/features/onboarding/api/save-profile';
import { movePendingPhotos, photoKind, photoSender } from '@/features/uploads/upload-sync';
import { outbox } from '@/lib/outbox';

/**
 * Runs the outbox for the signed-in account while the protected shell is shown, with the
 * senders of the features whose work it carries: messages, photos, the onboarding profile.
 */
export function useOutboxDelivery(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unregister = [
      outbox.register(messageKind, messageSender(queryClient)),
      outbox.register(photoKind, photoSender(queryClient)),
      outbox.register(profileKind, profileSender(queryClient)),
    ];
    return () => unregister.forEach((done) => done());
  }, [queryClient]);
  useEffect(() => {
    if (userId === null) return;
    outbox.start(userId);
    void movePendingPhotos(userId).catch(() => undefined);
    return () => outbox.stop();
  }, [userId]);
}
