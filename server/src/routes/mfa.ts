import type { FastifyInstance } from 'fastify';
import { deleteFactorSchema, type Factor } from '@shared/mfa';
import type { Auth } from '../auth/auth';
import { AppError } from '../http/app-error';
import type { RequireUser } from '../auth/require-user';
import type { MfaRepository } from '../mfa/mfa-repository';
import { isAccountPassword } from '../auth/better-auth';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';

/** Each removal checks a password, so it is counted like a sign-in attempt. */
const removalLimit: Limit = { max: 10, windowSeconds: 10 * 60 };

/**
 * The second factors of the signed-in user (spec points 3 and 7). Enrolment goes
 * through the account system under /api/auth (two-factor, phone-number, passkey);
 * this lists what is enrolled and removes one factor.
 */
export function registerMfaRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; mfa: MfaRepository; requireUser: RequireUser; limiter: RateLimiter },
): void {
  app.get('/api/mfa/factors', async (request, reply) => {
    const { id } = await deps.requireUser(request);
    const factors: Factor[] = await deps.mfa.listVerified(id);
    return reply.header('Cache-Control', 'no-store').send(factors);
  });

  app.delete<{ Params: { id: string } }>('/api/mfa/factors/:id', async (request, reply) => {
    const user = await deps.requireUser(request);
    const body = deleteFactorSchema.safeParse(request.body ?? {});
    if (!body.success) throw new AppError('validation_failed', 'Please enter your password.');

    const decision = await deps.limiter.hit(`mfa:remove:user:${user.id}`, removalLimit);
    if (!decision.allowed) throw rateLimited(decision);

    const factor = await deps.mfa.findOwn(user.id, request.params.id);
    if (!factor) throw new AppError('not_found', 'No such factor.');

    if (!(await isAccountPassword(deps.auth, user.id, body.data.password))) {
      // Better Auth's own code for the same mistake, so the web app translates one code.
      return reply
        .status(400)
        .send({ error: { code: 'invalid_password', message: 'Invalid password' } });
    }

    await deps.mfa.remove(user.id, factor);
    return reply.status(204).send();
  });
}
