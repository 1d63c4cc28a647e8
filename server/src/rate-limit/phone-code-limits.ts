import type { Limit, RateDecision, RateLimiter } from './rate-limiter';

const hour = 60 * 60;
const day = 24 * hour;

/**
 * Texted codes, each a text someone's phone receives and the gateway bills. A code to add a
 * number goes to whatever number a signed-in person types, so each number has one budget shared
 * by everyone who asks: however many accounts and addresses ask, a stranger's phone gets no
 * more than this. Each account has one budget for all its codes, so no account spreads texts
 * over many numbers. A sign-in code goes only to the account's own verified number, after its
 * password, and is counted against the account alone: a stranger using up a number's budget
 * never keeps its owner from signing in.
 */
export const phoneCodeLimits = {
  perNumber: [
    { max: 3, windowSeconds: hour },
    { max: 10, windowSeconds: day },
  ],
  perAccount: [
    { max: 5, windowSeconds: hour },
    { max: 20, windowSeconds: day },
  ],
} as const satisfies Record<string, readonly Limit[]>;

/** Counts texted codes in the database, shared by every server process. */
export function phoneCodeCounter(limiter: RateLimiter) {
  const counters = (name: string, limits: readonly Limit[]) =>
    limits.map((limit) => ({ key: `sms-code:${name}:${limit.windowSeconds}`, limit }));

  /** Every counter takes the hit; the refusal is the used-up one that lasts longest. */
  async function count(all: { key: string; limit: Limit }[]): Promise<RateDecision | undefined> {
    const decisions = await Promise.all(all.map(({ key, limit }) => limiter.hit(key, limit)));
    return decisions
      .filter((decision) => !decision.allowed)
      .sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
  }

  return {
    /** A code to a number being added to this account; the refusal when a budget is used up. */
    toAddNumber: (phone: string, accountId: string) =>
      count([
        ...counters(`number:${phone}`, phoneCodeLimits.perNumber),
        ...counters(`account:${accountId}`, phoneCodeLimits.perAccount),
      ]),
    /** A sign-in code to the account's own verified number. */
    forSignIn: (accountId: string) =>
      count(counters(`account:${accountId}`, phoneCodeLimits.perAccount)),
  };
}

export type PhoneCodeCounter = ReturnType<typeof phoneCodeCounter>;
