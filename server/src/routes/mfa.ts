import * as z from 'zod/mini';
import { deleteFactorSchema, factorIdParamsSchema, factorListSchema } from '@shared/mfa';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { MfaService } from '../mfa/mfa-service';

/**
 * The second factors of the signed-in user: what is enrolled, and removing one with the
 * account's password. Enrolment goes through the account system under /api/auth.
 */
export function registerMfaRoutes(
  app: ApiServer,
  deps: { mfa: MfaService; requireUser: RequireUser },
): void {
  app.get(
    '/api/mfa/factors',
    {
      schema: { response: { 200: factorListSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => reply.send(await deps.mfa.listOwn(actorOf(request))),
  );

  app.delete(
    '/api/mfa/factors/:id',
    {
      schema: {
        params: factorIdParamsSchema,
        body: deleteFactorSchema,
        response: { 204: z.undefined() },
      },
      config: {
        inputRefusals: {
          body: { code: 'validation_failed', message: 'Please enter your password.' },
        },
      },
      onRequest: signedInFirst(deps.requireUser),
    },
    async (request, reply) => {
      await deps.mfa.removeOwn(actorOf(request), request.params.id, request.body.password);
      return reply.status(204).send();
    },
  );
}
