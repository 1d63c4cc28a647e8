import { timingSafeEqual } from 'node:crypto';
import {
  invalidClinicKeyCode,
  verifyClinicKeyResultSchema,
  verifyClinicKeySchema,
} from '@shared/clinic';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import { clinicKeyLimit } from '../rate-limit/auth-limits';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';

/** Compares in constant time, so the answer's timing does not hint at a key's characters. */
function isAllowedKey(candidate: string, allowed: string[]): boolean {
  const given = Buffer.from(candidate);
  let found = false;
  for (const key of allowed) {
    const wanted = Buffer.from(key);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) found = true;
  }
  return found;
}

/**
 * The allowed clinic keys stay on the server: a device binds to a clinic by asking
 * here, so no key ships in the web app's JavaScript.
 */
export function registerClinicRoutes(
  app: ApiServer,
  deps: { clinicKeys: string[]; limiter: RateLimiter },
): void {
  app.post(
    '/api/clinic/verify',
    {
      schema: { body: verifyClinicKeySchema, response: { 200: verifyClinicKeyResultSchema } },
      config: {
        inputRefusals: {
          body: { code: 'validation_failed', message: 'Please enter a clinic key' },
        },
      },
      onRequest: noStore,
    },
    async (request, reply) => {
      // Every attempt counts, like a password: a limit on wrong keys alone would
      // still tell a guesser which key is right once the limit is reached.
      const decision = await deps.limiter.hit(`clinic-key:ip:${request.ip}`, clinicKeyLimit);
      if (!decision.allowed) throw rateLimited(decision);
      if (!isAllowedKey(request.body.clinicKey, deps.clinicKeys)) {
        throw new AppError(invalidClinicKeyCode, 'Invalid clinic key');
      }
      return reply.send({ ok: true });
    },
  );
}
