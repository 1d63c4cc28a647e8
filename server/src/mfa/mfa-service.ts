import type { Factor } from '@shared/mfa';
import type { Actor } from '../auth/actor';
import type { Auth } from '../auth/auth';
import { isAccountPassword } from '../auth/better-auth';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import type { MfaRepository } from './mfa-repository';

/** Each removal checks a password, so it is counted like a sign-in attempt. */
const removalLimit: Limit = { max: 10, windowSeconds: 10 * 60 };

/**
 * The second factors of the signed-in person. Enrolment goes through the account system
 * under /api/auth (two-factor, phone-number, passkey); this lists what is enrolled and
 * removes one factor.
 */
export function mfaService(deps: {
  auth: Auth;
  mfa: MfaRepository;
  limiter: RateLimiter;
  trail: AuditTrail;
}) {
  return {
    listOwn(actor: Actor): Promise<Factor[]> {
      return deps.mfa.listVerified(actor.caller.id);
    },

    /**
     * Removes one of the caller's own factors once their password is confirmed. Someone
     * else's factor is refused as one that does not exist.
     */
    async removeOwn(actor: Actor, factorId: string, password: string): Promise<void> {
      const { id } = actor.caller;
      const decision = await deps.limiter.hit(`mfa:remove:user:${id}`, removalLimit);
      if (!decision.allowed) throw rateLimited(decision);

      const factor = await deps.mfa.findOwn(id, factorId);
      if (!factor) throw new AppError('not_found', 'No such factor.');

      if (!(await isAccountPassword(deps.auth, id, password))) {
        // Better Auth's own code for the same mistake, so the web app translates one code.
        throw new AppError('invalid_password', 'Invalid password');
      }

      await deps.trail.change(
        () => deps.mfa.remove(id, factor),
        () => ({
          type: 'second-factor-removed',
          agent: agentOf(actor),
          entity: { type: 'second-factor', id: factor.id, subjectId: id },
          detail: { factor: factor.factor_type },
        }),
      );
    },
  };
}

export type MfaService = ReturnType<typeof mfaService>;
