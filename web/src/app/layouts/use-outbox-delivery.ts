import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { doseTakenKind, doseTakenSender } from '@/features/medications/api/mark-dose-taken';
import { messageKind, messageSender } from '@/features/messaging/api/send-message';
import type { ProfileKind } from '@/features/onboarding/api/save-profile';
import { movePendingPhotos, photoKind, photoSender } from '@/features/uploads/upload-sync';
import { vitalsKind, vitalsSender } from '@/features/vitals/api/record-vitals';
import { ApiRequestError } from '@/lib/api-client';
import { outbox, type OutboxSender } from '@/lib/outbox';

// Spelled here, held to the profile's own by its type, so the shell knows the kind without
// loading the profile's code.
const profileKind: ProfileKind = 'profile';

/**
 * A sender whose code is fetched when an entry of its kind is first delivered: a profile saved
 * offline is rare, and its code brings the BS calendar. Code that does not come counts as a
 * lost connection, so the entry waits and is tried again rather than refused.
 */
function fetchedWhenNeeded<Payload>(
  load: () => Promise<OutboxSender<Payload>>,
): OutboxSender<Payload> {
  let sender: Promise<OutboxSender<Payload>> | undefined;
  const loaded = () => {
    sender ??= load().catch((error: unknown) => {
      sender = undefined;
      throw new ApiRequestError(0, 'network', error instanceof Error ? error.message : 'offline');
    });
    return sender;
  };
  return {
    send: async (payload, entry) => (await loaded()).send(payload, entry),
    delivered: async (answer, entry) => (await loaded()).delivered?.(answer, entry),
  };
}

/**
 * Runs the outbox for the signed-in account while the protected shell is shown, with the
 * senders of the features whose work it carries: messages, photos, readings of vitals, doses
 * marked taken, the onboarding profile.
 */
export function useOutboxDelivery(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unregister = [
      outbox.register(messageKind, messageSender(queryClient)),
      outbox.register(photoKind, photoSender(queryClient)),
      outbox.register(vitalsKind, vitalsSender(queryClient)),
      outbox.register(doseTakenKind, doseTakenSender(queryClient)),
      outbox.register(
        profileKind,
        fetchedWhenNeeded(() =>
          import('@/features/onboarding/api/save-profile').then((module) =>
            module.profileSender(queryClient),
          ),
        ),
      ),
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
