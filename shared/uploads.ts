import * as z from 'zod/mini';
import { recordIdSchema } from './record-id';

/** The photo formats the server keeps; anything else is refused by its content. */
export const uploadContentTypes = ['image/jpeg', 'image/png'] as const;
export type UploadContentType = (typeof uploadContentTypes)[number];

/** The largest photo the server accepts, in bytes (10 MB). */
export const maxUploadBytes = 10 * 1024 * 1024;

/**
 * How many photos one account may send in a window: a patient photographing a report page by
 * page fits, a script storing one body after another does not. Past it the phone keeps the
 * rest queued and sends them once the window has passed.
 */
export const photoUploadsPerWindow = 20;
export const photoUploadWindowSeconds = 10 * 60;

/**
 * The bytes one account's photos may take, as stored (re-encoded): about a thousand photos
 * from a phone's camera.
 */
export const photoStorageQuotaBytes = 500 * 1024 * 1024;

/**
 * The most pixels a photo may declare before it is decoded (a 48-megapixel phone photo
 * fits): a small file that claims to be enormous is refused before it takes the memory.
 */
export const maxPhotoInputPixels = 50_000_000;

/** The longest side a stored photo keeps; a larger one is scaled down to it. */
export const maxPhotoSidePixels = 4096;

/**
 * The device chooses each upload's id before it is sent, so sending the same photo
 * again after a lost answer stores it once.
 */
export const uploadIdSchema = recordIdSchema();

/** `/api/uploads/:id` and the routes under it. */
export const uploadParamsSchema = z.object({ id: uploadIdSchema });

/** One stored photo in `GET /api/uploads`, newest first. */
export const uploadSchema = z.object({
  id: uploadIdSchema,
  contentType: z.enum(uploadContentTypes),
  byteSize: z.number(),
  createdAt: z.string(),
  /** Where the photo itself is fetched, for its owner and the care team. */
  url: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const uploadListSchema = z.array(uploadSchema);

export function uploadContentPath(id: string): string {
  return `/api/uploads/${id}/content`;
}
