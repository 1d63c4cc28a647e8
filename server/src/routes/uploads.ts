import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  maxUploadBytes,
  uploadContentTypes,
  uploadIdSchema,
  type Upload,
  type UploadContentType,
} from '@shared/uploads';
import type { CurrentUser } from '../auth/current-user';
import { AppError } from '../http/app-error';
import type { RequireUser } from '../auth/require-user';
import { mayViewPhoto } from '../uploads/photo-access';
import type { PhotoStore } from '../uploads/photo-store';
import type { UploadsRepository } from '../uploads/uploads-repository';

/**
 * Sent by the web app with the id of the account that took the photo: a photo queued
 * on a shared phone by one person is refused rather than stored under another's session.
 */
export const uploadOwnerHeader = 'x-upload-owner';

const notAPhoto = () =>
  new AppError('unsupported_media_type', 'Only JPEG or PNG photos can be uploaded.');
const tooLarge = () => new AppError('payload_too_large', 'Photos can be at most 10 MB.');
const noSuchPhoto = () => new AppError('not_found', 'No such photo.');

function uploadId(params: unknown): string {
  const id = uploadIdSchema.safeParse((params as { id?: unknown }).id);
  if (!id.success) throw new AppError('validation_failed', 'Invalid upload id.');
  return id.data.toLowerCase();
}

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
  photos: PhotoStore;
  requireUser: RequireUser;
}

/**
 * Two sends of one id can race, the same photo saved once as JPEG and once as PNG: each
 * stores its file, and the record written first decides which copy is the photo. The
 * other file would never be served or counted, so it goes.
 */
async function keepOnlyTheRecordedCopy(deps: UploadDeps, id: string, storageKey: string) {
  const recorded = await deps.uploads.find(id);
  if (recorded?.storageKey !== storageKey) await deps.photos.remove(storageKey);
}

/**
 * Photos from the camera sheet (spec points 2 and 3, pending uploads made real): the
 * owner sends them, lists them, and the owner or a doctor of the care team fetches one.
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  await app.register((scope, _options, done) => {
    const uploaders = new WeakMap<FastifyRequest, CurrentUser>();

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

    // Who is sending and under which id is settled before 10 MB are read.
    scope.addHook('onRequest', async (request) => {
      const user = await deps.requireUser(request);
      uploadId(request.params);
      const owner = request.headers[uploadOwnerHeader];
      if (owner !== undefined && owner !== user.id) {
        throw new AppError('conflict', 'This photo was taken by another account.');
      }
      uploaders.set(request, user);
    });

    scope.put('/api/uploads/:id', async (request, reply) => {
      const user = uploaders.get(request);
      if (!user) throw new AppError('unauthorized', 'Please sign in.');
      const id = uploadId(request.params);

      const existing = await deps.uploads.find(id);
      if (existing && existing.ownerId !== user.id) {
        throw new AppError('conflict', 'This upload id is already in use.');
      }
      if (!existing) {
        const contentType = await photoType(request.body);
        const storageKey = deps.photos.keyFor(user.id, id, contentType);
        await deps.photos.save(storageKey, request.body as Buffer);
        const created = await deps.uploads.insertOnce({
          id,
          ownerId: user.id,
          contentType,
          byteSize: (request.body as Buffer).length,
          storageKey,
        });
        if (created) void reply.status(201);
        else await keepOnlyTheRecordedCopy(deps, id, storageKey);
      }
      const upload = await deps.uploads.findOwn(user.id, id);
      if (!upload) throw new AppError('conflict', 'This upload id is already in use.');
      return reply.header('Cache-Control', 'no-store').send(upload);
    });
    done();
  });

  app.get('/api/uploads', async (request, reply) => {
    const { id } = await deps.requireUser(request);
    const uploads: Upload[] = await deps.uploads.listOwn(id);
    return reply.header('Cache-Control', 'no-store').send(uploads);
  });

  app.get('/api/uploads/:id/content', async (request, reply) => {
    const user = await deps.requireUser(request);
    const id = uploadId(request.params);
    const stored = await deps.uploads.find(id);
    // Someone else's photo looks exactly like a missing one.
    if (!stored) throw noSuchPhoto();
    const viewer = { id: user.id, role: user.role };
    if (!mayViewPhoto(viewer, stored.ownerId)) throw noSuchPhoto();

    const etag = `"${stored.id}"`;
    void reply
      .header('Cache-Control', 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('ETag', etag);
    // A photo never changes under its id: a revalidation costs no bytes.
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    const file = await deps.photos.read(stored.storageKey);
    if (!file) throw noSuchPhoto();
    return reply
      .header('Content-Type', stored.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', 'inline')
      .send(file.stream);
  });
}
