import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import {
  maxUploadBytes,
  uploadListSchema,
  uploadParamsSchema,
  uploadSchema,
} from '@shared/uploads';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import { actorOf, callerOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import { tooLarge, type UploadsService } from '../uploads/uploads-service';

/**
 * Sent by the web app with the id of the account that took the photo: a photo queued
 * on a shared phone by one person is refused rather than stored under another's session.
 */
export const uploadOwnerHeader = 'x-upload-owner';

const invalidUploadId = { code: 'validation_failed', message: 'Invalid upload id.' } as const;
const uploadIdRefusal = { params: invalidUploadId };

interface UploadDeps {
  uploads: UploadsService;
  requireUser: RequireUser;
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
        const { upload, created } = await deps.uploads.store(actorOf(request), {
          id: request.params.id,
          body: request.body,
        });
        return reply.status(created ? 201 : 200).send(upload);
      },
    );
    done();
  });

  app.get(
    '/api/uploads',
    { schema: { response: { 200: uploadListSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await deps.uploads.list(actorOf(request))),
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
      const knownTag = request.headers['if-none-match'];
      const photo = await deps.uploads.read(actorOf(request), {
        photoId: request.params.id,
        ...(knownTag === undefined ? {} : { knownTag }),
      });
      void reply
        .header('Cache-Control', 'private, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .header('ETag', photo.etag);
      if (photo.unchanged) return reply.status(304).send();
      return reply
        .header('Content-Type', photo.contentType)
        .header('Content-Length', photo.file.size)
        .header('Content-Disposition', 'inline')
        .send(photo.file.stream);
    },
  );
}
