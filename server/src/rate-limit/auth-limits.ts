import type { Limit } from './rate-limiter';

export interface AuthLimit {
  /** Per client address: stops one address from spraying many accounts. */
  ip: Limit;
  /** Per e-mail address in the body: stops many addresses from hammering one account. */
  email?: Limit;
}

const minutes = (n: number) => n * 60;

/**
 * The auth calls that are counted, by path under /api/auth. The per-address limits are
 * generous because a whole clinic may reach us from one address.
 */
export const authLimits: Record<string, AuthLimit> = {
  '/sign-in/email': {
    ip: { max: 100, windowSeconds: minutes(10) },
    email: { max: 10, windowSeconds: minutes(10) },
  },
  '/sign-in/email-otp': {
    ip: { max: 100, windowSeconds: minutes(10) },
    email: { max: 10, windowSeconds: minutes(10) },
  },
  '/sign-up/email': {
    ip: { max: 30, windowSeconds: minutes(60) },
    email: { max: 5, windowSeconds: minutes(60) },
  },
  '/email-otp/send-verification-otp': {
    ip: { max: 30, windowSeconds: minutes(10) },
    email: { max: 5, windowSeconds: minutes(10) },
  },
  '/request-password-reset': {
    ip: { max: 30, windowSeconds: minutes(60) },
    email: { max: 5, windowSeconds: minutes(60) },
  },
  '/send-verification-email': {
    ip: { max: 30, windowSeconds: minutes(60) },
    email: { max: 5, windowSeconds: minutes(60) },
  },
  '/reset-password': { ip: { max: 30, windowSeconds: minutes(60) } },
  '/two-factor/verify-totp': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/two-factor/verify-otp': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/two-factor/verify-backup-code': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/two-factor/send-otp': { ip: { max: 10, windowSeconds: minutes(10) } },
  '/phone-number/send-otp': { ip: { max: 10, windowSeconds: minutes(10) } },
  '/phone-number/verify': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/passkey/verify-authentication': { ip: { max: 100, windowSeconds: minutes(10) } },
  // A stolen session must not become a way to guess the password behind it.
  '/verify-password': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/change-password': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/two-factor/enable': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/two-factor/disable': { ip: { max: 30, windowSeconds: minutes(10) } },
};

/** Every other write under /api/auth, so no endpoint is unmetered. */
export const otherAuthWriteLimit: AuthLimit = { ip: { max: 300, windowSeconds: minutes(10) } };

/** Clinic keys are guessed like passwords, so they are counted like them. */
export const clinicKeyLimit: Limit = { max: 10, windowSeconds: minutes(10) };
