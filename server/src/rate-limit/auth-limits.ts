import type { Limit } from './rate-limiter';

export interface AuthLimit {
  /** Per client address: stops one address from spraying many accounts. */
  ip: Limit;
  /** Per e-mail address in the body: stops many addresses from hammering one account. */
  email?: Limit;
}

/**
 * Sign-ins count failures, not attempts: a person who gets in has used up nothing,
 * and a guesser's failures cannot lock the account's owner out.
 */
export interface SignInLimit {
  /** Failures per account and address: one guesser's budget on one account. */
  pair: Limit;
  /** Failures per address across accounts; generous, as a clinic shares one address. */
  ip: Limit;
  /**
   * Failures per account from every address. Past it the account is under attack
   * from many addresses: password sign-in pauses for everyone, without the password
   * being checked, and the owner signs in with a one-time code sent to their e-mail.
   */
  account?: Limit;
}

const minutes = (n: number) => n * 60;

export const signInLimits: Record<string, SignInLimit> = {
  '/sign-in/email': {
    pair: { max: 10, windowSeconds: minutes(15) },
    ip: { max: 100, windowSeconds: minutes(10) },
    account: { max: 50, windowSeconds: minutes(60) },
  },
  // A code works for five tries and is then void; no account-wide pause, so a guesser
  // can never keep the owner from the way in that proves the mailbox.
  '/sign-in/email-otp': {
    pair: { max: 10, windowSeconds: minutes(15) },
    ip: { max: 100, windowSeconds: minutes(10) },
  },
};

/**
 * Mailed sign-in codes. Each address has its own budget per e-mail, so nobody's requests
 * use up another address's. Together the addresses the account has never signed in from
 * share one budget per e-mail, which bounds how much mail a flood from many addresses can
 * send; the owner, asking from an address they are signed in from, is held only by their
 * own budget, so such a flood neither blocks nor delays their code.
 */
export interface CodeRequestLimit {
  /** Per client address, across e-mails: one address spraying many inboxes. */
  ip: Limit;
  /** Per e-mail and address: one address's requests for one inbox. */
  pair: Limit;
  /** Per e-mail, shared by every address the account has no session from. */
  strangers: Limit;
}

export const codeRequestLimits: Record<string, CodeRequestLimit> = {
  '/email-otp/send-verification-otp': {
    ip: { max: 30, windowSeconds: minutes(10) },
    pair: { max: 3, windowSeconds: minutes(10) },
    strangers: { max: 5, windowSeconds: minutes(10) },
  },
};

/**
 * The other auth calls that are counted, by path under /api/auth, every attempt.
 * The per-address limits are generous because a whole clinic may reach us from one address.
 */
export const authLimits: Record<string, AuthLimit> = {
  '/sign-up/email': {
    ip: { max: 30, windowSeconds: minutes(60) },
    email: { max: 5, windowSeconds: minutes(60) },
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
  // Asked before anyone is signed in, and each answer stores a challenge.
  '/passkey/generate-authenticate-options': { ip: { max: 60, windowSeconds: minutes(10) } },
  // A stolen session must not become a way to guess the password behind it.
  '/verify-password': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/change-password': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/two-factor/enable': { ip: { max: 30, windowSeconds: minutes(10) } },
  '/two-factor/disable': { ip: { max: 30, windowSeconds: minutes(10) } },
};

/** Every other write under /api/auth, so no endpoint is unmetered. */
export const otherAuthWriteLimit: AuthLimit = { ip: { max: 300, windowSeconds: minutes(10) } };

/** Every other read under /api/auth; reads store nothing but still cost a database call. */
export const otherAuthReadLimit: AuthLimit = { ip: { max: 600, windowSeconds: minutes(10) } };

/** Clinic keys are guessed like passwords, so they are counted like them. */
export const clinicKeyLimit: Limit = { max: 10, windowSeconds: minutes(10) };

/**
 * A dependent's own login, claimed through a mailed link before anyone is signed in: counted
 * per client address, like signing up.
 */
export const loginClaimLimit: Limit = { max: 30, windowSeconds: minutes(60) };
