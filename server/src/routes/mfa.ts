import * as z from 'zod/mini';
import { deleteFactorSchema, factorIdParamsSchema, factorListSchema } from '@shared/mfa';
import type { Auth } from '../auth/auth';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import { callerOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { MfaRepository } from '../mfa/mfa-repository';
import { isAccountPassword } from '../auth/better-auth';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import { agentOf, type AuditTrail } from '../audit/audit-trail';

/** Each removal checks a password, so it is counted like a sign-in attempt. */
const removalLimit: Limit = { max: 10, windowSeconds: 10 * 60 };

/**
 * The second factors of the signed-in user. Enrolment goes
 * through the account system under /api/auth (two-factor, phone-number, passkey);
 * this lists what is enrolled and removes one factor.
 */
export function registerMfaRoutes(
  app: ApiServer,
  deps: {
    auth: Auth;
    mfa: MfaRepository;
    requireUser: RequireUser;
    limiter: RateLimiter;
    trail: AuditTrail;
  },
): void {
  app.get(
    '/api/mfa/factors',
    { schema: { response: { 200: factorListSchema } }, onRequest: noStore },
    async (request, reply) => {
      const { id } = await deps.requireUser(request);
      return reply.send(await deps.mfa.listVerified(id));
    },
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
      const caller = callerOf(request);
      const decision = await deps.limiter.hit(`mfa:remove:user:${caller.id}`, removalLimit);
      if (!decision.allowed) throw rateLimited(decision);

      const factor = await deps.mfa.findOwn(caller.id, request.params.id);
      if (!factor) throw new AppError('not_found', 'No such factor.');

      if (!(await isAccountPassword(deps.auth, caller.id, request.body.password))) {
        // Better Auth's own code for the same mistake, so the web app translates one code.
        throw new AppError('invalid_password', 'Invalid password');
      }

      await deps.trail.change(
        () => deps.mfa.remove(caller.id, factor),
        () => ({
          type: 'second-factor-removed',
          agent: agentOf(caller, request.ip),
          entity: { type: 'second-factor', id: factor.id, subjectId: caller.id },
          detail: { factor: factor.factor_type },
        }),
      );
      return reply.status(204).send();
    },
  );
}
