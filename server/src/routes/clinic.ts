import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@shared/api-error';
import {
  invalidClinicKeyCode,
  verifyClinicKeySchema,
  type VerifyClinicKeyResult,
} from '@shared/clinic';
import { AppError } from '../http/app-error';
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
  app: FastifyInstance,
  deps: { clinicKeys: string[]; limiter: RateLimiter },
): void {
  app.post('/api/clinic/verify', async (request, reply) => {
    const parsed = verifyClinicKeySchema.safeParse(request.body);
    if (!parsed.success) {
      throw new AppError('validation_failed', 'Please enter a clinic key');
    }
    // Every attempt counts, like a password: a limit on wrong keys alone would
    // still tell a guesser which key is right once the limit is reached.
    const decision = await deps.limiter.hit(`clinic-key:ip:${request.ip}`, clinicKeyLimit);
    if (!decision.allowed) throw rateLimited(decision);
    if (!isAllowedKey(parsed.data.clinicKey, deps.clinicKeys)) {
      const body: ApiError = {
        error: { code: invalidClinicKeyCode, message: 'Invalid clinic key' },
      };
      return reply.status(400).header('Cache-Control', 'no-store').send(body);
    }
    const body: VerifyClinicKeyResult = { ok: true };
    return reply.header('Cache-Control', 'no-store').send(body);
  });
}
