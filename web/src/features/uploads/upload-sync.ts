import type { QueryClient } from '@tanstack/react-query';
import { outbox, useOutbox, type OutboxItem, type OutboxSender } from '@/lib/outbox';
import { uploadsQueryOptions } from './api/get-uploads';
import { uploadPhoto } from './api/upload-photo';
import { takeLegacyUploads } from './legacy-upload-queue';
import { newUploadId } from './upload-id';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

/** The outbox's kind for photos; they share one key, so they reach the server in the order taken. */
export const photoKind = 'photo';

export interface PhotoPayload {
  image: Blob;
}

/** A photo still only on this device, as the screens show it. */
export type PendingPhoto = OutboxItem<PhotoPayload>;

/** Sends the outbox's photos under their own ids; the Docs list is asked again once one is in. */
export function photoSender(queryClient: QueryClient): OutboxSender<PhotoPayload> {
  return {
    send: (payload, entry) =>
      uploadPhoto({ id: entry.id, ownerId: entry.ownerId, image: payload.image }),
    delivered: async () => {
      await refetchAfterWrite(queryClient, { queryKey: uploadsQueryOptions.queryKey });
    },
  };
}

/** Keeps a captured photo on the device for the signed-in patient and sends it when it can. */
export async function queuePhoto(image: Blob): Promise<void> {
  await outbox.add<PhotoPayload>({
    kind: photoKind,
    key: photoKind,
    id: newUploadId(),
    payload: { image },
  });
}

/**
 * Photos an earlier version of the app kept in a queue of its own move to the outbox, under
 * their ids, so none is lost or sent twice.
 */
export async function movePendingPhotos(ownerId: string): Promise<void> {
  for (const upload of await takeLegacyUploads(ownerId)) {
    await outbox.add<PhotoPayload>({
      kind: photoKind,
      key: photoKind,
      id: upload.id,
      payload: { image: upload.image },
    });
  }
}

/** The signed-in account's photos still waiting on this device, oldest first. */
export function usePendingUploads(): readonly PendingPhoto[] {
  return useOutbox<PhotoPayload>(photoKind);
}
