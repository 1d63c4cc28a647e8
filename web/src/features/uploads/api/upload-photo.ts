import type { Upload } from '@shared/uploads';
import { apiFetch } from '@/lib/api-client';

/** A photo to send: its client-chosen id, who took it, and the image. */
export interface PhotoToSend {
  id: string;
  ownerId: string;
  image: Blob;
}

/**
 * Sends one photo under its own id. The owner header makes the server refuse it if
 * the browser's session now belongs to someone other than the person who took it.
 */
export function uploadPhoto(upload: PhotoToSend): Promise<Upload> {
  return apiFetch<Upload>(`/api/uploads/${upload.id}`, {
    method: 'PUT',
    body: upload.image,
    headers: {
      'Content-Type': upload.image.type || 'image/jpeg',
      'X-Upload-Owner': upload.ownerId,
    },
  });
}
