import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  maxUploadBytes,
  uploadContentTypes,
  uploadListSchema,
  uploadParamsSchema,
  uploadSchema,
  type UploadContentType,
} from '@shared/uploads';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import { callerOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import { mayViewPhoto } from '../uploads/photo-access';
import { PhotoStorageUnavailable, type PhotoStorage } from '../storage/photo-storage';
import type { NewUpload, UploadsRepository } from '../uploads/uploads-repository';
import { agentOf, type AuditTrail } from '../audit/audit-trail';

/**
 * Sent by the web app with the id of the account that took the photo: a photo queued
 * on a shared phone by one person is refused rather than stored under another's session.
 */
export const uploadOwnerHeader = 'x-upload-owner';

const notAPhoto = () =>
  new AppError('unsupported_media_type', 'Only JPEG or PNG photos can be uploaded.');
const tooLarge = () => new AppError('payload_too_large', 'Photos can be at most 10 MB.');
const noSuchPhoto = () => new AppError('not_found', 'No such photo.');
const storageDown = () =>
  new AppError(
    'service_unavailable',
    'Photos cannot be stored or shown at the moment. Please try again in a few seconds.',
    5,
  );

/**
 * An object store that does not answer is logged for the operator and told to the client
 * as a passing 503: the web app keeps the photo queued and sends it again.
 */
async function unlessStorageDown<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PhotoStorageUnavailable)) throw error;
    request.log.warn({ err: error }, 'photo storage unavailable');
    throw storageDown();
  }
}

const invalidUploadId = { code: 'validation_failed', message: 'Invalid upload id.' } as const;
const uploadIdRefusal = { params: invalidUploadId };

/** The photo's real format read from its first bytes; the name and the header say nothing. */
async function photoType(body: unknown): Promise<UploadContentType> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw notAPhoto();
  const detected = await fileTypeFromBuffer(body);
  const type = uploadContentTypes.find((allowed) => allowed === detected?.mime);
  if (!type) throw notAPhoto();
  return type;
}

interface UploadDeps {
  uploads: UploadsRepository;
  photos: PhotoStorage;
  requireUser: RequireUser;
  trail: AuditTrail;
}

/**
 * Two sends of one id can race, the same photo saved once as JPEG and once as PNG: each
 * stores its copy, and the record written first decides which copy is the photo. The
 * other copy would never be served or counted, so it goes; one left behind is only
 * wasted space. The record is written only once its copy is complete, so no reader ever
 * meets a photo still being stored.
 */
async function recordOnce(
  deps: UploadDeps,
  request: FastifyRequest,
  upload: NewUpload,
): Promise<boolean> {
  const created = await deps.trail.change(
    () => deps.uploads.insertOnce(upload),
    (stored) =>
      stored
        ? {
            type: 'photo-uploaded',
            agent: agentOf(callerOf(request), request.ip),
            entity: { type: 'photo', id: upload.id, subjectId: upload.ownerId },
            detail: { contentType: upload.contentType, bytes: upload.byteSize },
          }
        : null,
  );
  if (!created) {
    const recorded = await deps.uploads.find(upload.id);
    if (recorded?.storageKey !== upload.storageKey) {
      await deps.photos.remove(upload.storageKey).catch((error: unknown) => {
        request.log.warn({ err: error }, 'an unused copy of a photo could not be removed');
      });
    }
  }
  return created;
}

/**
 * Photos from the camera sheet: the
 * owner sends them, lists them, and the owner or a doctor of the care team fetches one.
 */
export async function registerUploadRoutes(app: ApiServer, deps: UploadDeps): Promise<void> {
  const signedIn = signedInFirst(deps.requireUser);

  /**
   * Who is sending and under which id is settled before 10 MB are read; the route's own
   * schema checks the id only once the body is in.
   */
  function beforeReading(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const owner = request.headers[uploadOwnerHeader];
    if (!uploadParamsSchema.safeParse(request.params).success) {
      done(new AppError(invalidUploadId.code, invalidUploadId.message));
    } else if (owner !== undefined && owner !== callerOf(request).id) {
      done(new AppError('conflict', 'This photo was taken by another account.'));
    } else {
      done();
    }
  }

  await app.register((scope: ApiServer, _options, done) => {
    // Only this route takes raw bytes, up to 10 MB; the rest of the API keeps its 1 MB of JSON.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: maxUploadBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
      throw error;
    });

    scope.put(
      '/api/uploads/:id',
      {
        schema: {
          params: uploadParamsSchema,
          response: { 200: uploadSchema, 201: uploadSchema },
        },
        config: { inputRefusals: uploadIdRefusal },
        onRequest: [noStore, signedIn, beforeReading],
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { id } = request.params;

        const existing = await deps.uploads.find(id);
        if (existing && existing.ownerId !== caller.id) {
          throw new AppError('conflict', 'This upload id is already in use.');
        }
        if (!existing) {
          const bytes = request.body as Buffer;
          const contentType = await photoType(bytes);
          const storageKey = await unlessStorageDown(request, () =>
            deps.photos.save({ ownerId: caller.id, id, contentType }, bytes),
          );
          const created = await recordOnce(deps, request, {
            id,
            ownerId: caller.id,
            contentType,
            byteSize: bytes.length,
            storageKey,
          });
          if (created) void reply.status(201);
        }
        const upload = await deps.uploads.findOwn(caller.id, id);
        if (!upload) throw new AppError('conflict', 'This upload id is already in use.');
        return reply.send(upload);
      },
    );
    done();
  });

  app.get(
    '/api/uploads',
    { schema: { response: { 200: uploadListSchema } }, onRequest: noStore },
    async (request, reply) => {
      const { id } = await deps.requireUser(request);
      return reply.send(await deps.uploads.listOwn(id));
    },
  );

  // The answer is the photo's bytes, streamed as stored: no schema describes them.
  app.get(
    '/api/uploads/:id/content',
    {
      schema: { params: uploadParamsSchema },
      config: { inputRefusals: uploadIdRefusal },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const stored = await deps.uploads.find(id);
      // Someone else's photo looks exactly like a missing one.
      if (!stored) throw noSuchPhoto();
      if (!mayViewPhoto(caller, stored.ownerId)) throw noSuchPhoto();

      const etag = `"${stored.id}"`;
      void reply
        .header('Cache-Control', 'private, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .header('ETag', etag);
      // A photo never changes under its id: a revalidation costs no bytes.
      // A photo shown again from the browser's copy is seen again: both are recorded.
      const noteRead = (fromCache: boolean) =>
        deps.trail.note({
          type: 'photo-read',
          agent: agentOf(caller, request.ip),
          entity: { type: 'photo', id: stored.id, subjectId: stored.ownerId },
          ...(fromCache ? { detail: { fromBrowserCopy: true } } : {}),
        });
      if (request.headers['if-none-match'] === etag) {
        await noteRead(true);
        return reply.status(304).send();
      }

      const file = await unlessStorageDown(request, () => deps.photos.read(stored.storageKey));
      if (!file) throw noSuchPhoto();
      await noteRead(false);
      return reply
        .header('Content-Type', stored.contentType)
        .header('Content-Length', file.size)
        .header('Content-Disposition', 'inline')
        .send(file.stream);
    },
  );
}
