import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  maxUploadBytes,
  photoStorageQuotaBytes,
  photoUploadsPerWindow,
  photoUploadWindowSeconds,
  type Upload,
  type UploadContentType,
} from '@shared/uploads';
import { ownerOf, type Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import {
  PhotoStorageUnavailable,
  type PhotoContent,
  type PhotoStorage,
} from '../storage/photo-storage';
import type { PatientAccess } from '../access/patient-access';
import { reencodePhoto } from './photo-reencoding';
import type { UploadsRepository } from './uploads-repository';

export const notAPhoto = () =>
  new AppError('unsupported_media_type', 'Only JPEG or PNG photos can be uploaded.');
export const tooLarge = () => new AppError('payload_too_large', 'Photos can be at most 10 MB.');
const noSuchPhoto = () => new AppError('not_found', 'No such photo.');
const storageDown = () =>
  new AppError(
    'service_unavailable',
    'Photos cannot be stored or shown at the moment. Please try again in a few seconds.',
    5,
  );
const storageFull = () =>
  new AppError(
    'photo_storage_full',
    `Your photos take all of the ${photoStorageQuotaBytes / (1024 * 1024)} MB they may use, so this photo was not stored.`,
  );

function tooManyPhotos(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    'rate_limited',
    `Too many photos sent. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
}

export interface UploadsDeps {
  uploads: UploadsRepository;
  photos: PhotoStorage;
  limiter: RateLimiter;
  trail: AuditTrail;
  /** Who may see a photo: its owner, and whoever the access policy lets at the owner's record. */
  access: PatientAccess;
  /** Where a store that does not answer, or a copy left behind, is told to the operator. */
  log: FastifyBaseLogger;
}

/** A photo as its reader gets it: unchanged since the copy they hold, or its bytes. */
export type PhotoRead =
  | { unchanged: true; etag: string }
  | { unchanged: false; etag: string; contentType: UploadContentType; file: PhotoContent };

/**
 * Photos from the camera sheet: the owner sends them under ids of the device's, lists them,
 * and the owner or the care team reads one by its URL.
 */
export function uploadsService(deps: UploadsDeps) {
  const { uploads, photos, limiter, trail, log } = deps;

  /**
   * An object store that does not answer is logged for the operator and told to the client
   * as a passing 503: the web app keeps the photo queued and sends it again.
   */
  async function unlessStorageDown<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof PhotoStorageUnavailable)) throw error;
      log.warn({ err: error }, 'photo storage unavailable');
      throw storageDown();
    }
  }

  /** A copy no record names would never be served or counted; one left behind is only wasted space. */
  async function discard(storageKey: string): Promise<void> {
    await photos.remove(storageKey).catch((error: unknown) => {
      log.warn({ err: error }, 'an unused copy of a photo could not be removed');
    });
  }

  /** Counts a new photo against the account's rate; a resend of a stored one costs nothing. */
  async function countUpload(ownerId: string): Promise<void> {
    const decision = await limiter.hit(`uploads:account:${ownerId}`, {
      max: photoUploadsPerWindow,
      windowSeconds: photoUploadWindowSeconds,
    });
    if (!decision.allowed) throw tooManyPhotos(decision.retryAfterSeconds);
  }

  return {
    /**
     * Stores a photo under the device's id, once: a resend answers the photo stored (created
     * false). The id is the owner's own, so another account's use of it tells nothing. The
     * photo is decoded and encoded anew, and those bytes are what is stored and counted.
     *
     * Two sends of one id can race, the same photo saved once as JPEG and once as PNG: each
     * stores its copy, and the record written first decides which copy is the photo; the
     * other copy goes. The record is written only once its copy is complete, so no reader
     * ever meets a photo still being stored.
     */
    async store(
      actor: Actor,
      input: { id: string; body: unknown },
    ): Promise<{ upload: Upload; created: boolean }> {
      // Acting for someone, the photo is theirs, if the grant lets the actor add to the record.
      const ownerId = ownerOf(actor);
      if (actor.onBehalfOf !== null && !(await deps.access.can(actor, 'write-record', ownerId))) {
        throw new AppError('forbidden', 'You cannot add to this person’s record.');
      }
      const { id } = input;
      const earlier = await uploads.findOwn(ownerId, id);
      if (earlier) return { upload: earlier, created: false };

      await countUpload(ownerId);
      if (!Buffer.isBuffer(input.body) || input.body.length === 0) throw notAPhoto();
      const photo = await reencodePhoto(input.body);
      if (!photo) throw notAPhoto();
      if (photo.bytes.length > maxUploadBytes) throw tooLarge();
      // Refused before anything is stored; checked again, under a lock, as it is recorded.
      const byteSize = photo.bytes.length;
      if ((await uploads.storedBytes(ownerId)) + byteSize > photoStorageQuotaBytes) {
        throw storageFull();
      }

      const storageKey = await unlessStorageDown(() =>
        photos.save({ ownerId, id, contentType: photo.contentType }, photo.bytes),
      );
      const photoId = randomUUID();
      const outcome = await trail.change(
        () =>
          uploads.recordWithinQuota(
            { id, photoId, ownerId, contentType: photo.contentType, byteSize, storageKey },
            photoStorageQuotaBytes,
          ),
        (result) =>
          result === 'created'
            ? {
                type: 'photo-uploaded',
                agent: agentOf(actor),
                entity: { type: 'photo', id: photoId, subjectId: ownerId },
                detail: { contentType: photo.contentType, bytes: byteSize },
              }
            : null,
      );
      if (outcome === 'over-quota') {
        await discard(storageKey);
        throw storageFull();
      }
      if (outcome === 'exists') {
        const recorded = await uploads.findOwnStored(ownerId, id);
        if (recorded?.storageKey !== storageKey) await discard(storageKey);
      }
      const upload = await uploads.findOwn(ownerId, id);
      // Only a record deleted with its account in the meantime leaves nothing to answer.
      if (!upload) throw noSuchPhoto();
      return { upload, created: outcome === 'created' };
    },

    /** The caller's own photos, or those of the patient they act for and may read, newest first. */
    async list(actor: Actor): Promise<Upload[]> {
      if (actor.onBehalfOf === null) return uploads.listOwn(actor.caller.id);
      if (!(await deps.access.can(actor, 'read-record', actor.onBehalfOf))) return [];
      const list = await uploads.listOwn(actor.onBehalfOf);
      await trail.noteEach(
        list.map((upload) => ({
          type: 'photo-read',
          agent: agentOf(actor),
          entity: { type: 'photo', id: upload.id, subjectId: actor.onBehalfOf },
          detail: { via: 'list' },
        })),
      );
      return list;
    },

    /**
     * One photo by the id its URL names, for its owner or a doctor caring for them (the access
     * policy's `read-record`); to anyone else it
     * looks exactly like a missing one. A photo never changes under its id, so a reader
     * holding `knownTag` is told so without the bytes; either way the read is recorded, as a
     * photo shown again from the browser's copy is seen again.
     */
    async read(actor: Actor, input: { photoId: string; knownTag?: string }): Promise<PhotoRead> {
      const stored = await uploads.findPhoto(input.photoId);
      if (!stored || !(await deps.access.can(actor, 'read-record', stored.ownerId))) {
        throw noSuchPhoto();
      }

      const etag = `"${stored.photoId}"`;
      const noteRead = (fromCache: boolean) =>
        trail.note({
          type: 'photo-read',
          agent: agentOf(actor),
          entity: { type: 'photo', id: stored.photoId, subjectId: stored.ownerId },
          ...(fromCache ? { detail: { fromBrowserCopy: true } } : {}),
        });
      if (input.knownTag === etag) {
        await noteRead(true);
        return { unchanged: true, etag };
      }
      const file = await unlessStorageDown(() => photos.read(stored.storageKey));
      if (!file) throw noSuchPhoto();
      try {
        await noteRead(false);
      } catch (error) {
        file.stream.destroy();
        throw error;
      }
      return { unchanged: false, etag, contentType: stored.contentType, file };
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;
