import { timingSafeEqual } from 'node:crypto';
import { invalidClinicKeyCode } from '@shared/clinic';
import { AppError } from '../http/app-error';
import { clinicKeyLimit } from '../rate-limit/auth-limits';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';

/** Compares in constant time, so the answer's timing does not hint at a key's characters. */
function isAllowedKey(candidate: string, allowed: readonly string[]): boolean {
  const given = Buffer.from(candidate);
  let found = false;
  for (const key of allowed) {
    const wanted = Buffer.from(key);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) found = true;
  }
  return found;
}

/**
 * Binding a device to a clinic. The allowed keys stay on the server: a device asks here, so
 * no key ships in the web app's code. A bound device gains nothing on the server (README,
 * Clinic devices): the answer only lets the device show the clinic's badge.
 */
export function clinicService(deps: { clinicKeys: readonly string[]; limiter: RateLimiter }) {
  return {
    async verifyKey(address: string, clinicKey: string): Promise<void> {
      // Every attempt counts, like a password: a limit on wrong keys alone would
      // still tell a guesser which key is right once the limit is reached.
      const decision = await deps.limiter.hit(`clinic-key:ip:${address}`, clinicKeyLimit);
      if (!decision.allowed) throw rateLimited(decision);
      if (!isAllowedKey(clinicKey, deps.clinicKeys)) {
        throw new AppError(invalidClinicKeyCode, 'Invalid clinic key');
      }
    },
  };
}

export type ClinicService = ReturnType<typeof clinicService>;
