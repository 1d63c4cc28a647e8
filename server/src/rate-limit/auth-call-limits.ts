import { AppError } from '../http/app-error';
import {
  authLimits,
  codeRequestLimits,
  otherAuthReadLimit,
  otherAuthWriteLimit,
  signInLimits,
  type CodeRequestLimit,
  type SignInLimit,
} from './auth-limits';
import type { Limit, RateLimiter } from './rate-limiter';
import { rateLimited } from './refusal';

/** One call under /api/auth, as the limits see it. */
export interface AuthCall {
  /** The path under /api/auth, canonical: the one Better Auth routes. */
  path: string;
  method: string;
  /** The client address Fastify believes (see TRUST_PROXY). */
  ip: string;
  /** The body's e-mail, trimmed and lower-cased, when it has one. */
  email: string | undefined;
}

/** What a counted call may give back once its outcome is known. */
export interface CountedCall {
  settle(succeeded: boolean): Promise<void>;
}

const nothingToSettle: CountedCall = { settle: () => Promise.resolve() };

export const accountProtectedMessage =
  'This account has had too many failed sign-ins. Sign in with a one-time code sent to your e-mail.';

interface Counter {
  key: string;
  limit: Limit;
}

const passwordSignIn = '/sign-in/email';

/** The counter of an account's failed password sign-ins from every address. */
const accountFailures = (path: string) => `auth:${path}:failures:account:`;

/**
 * The accounts whose password sign-in is paused now, for too many failures from every
 * address (`SignInLimit.account`), with how many and until when.
 */
export async function pausedSignIns(
  limiter: RateLimiter,
): Promise<{ email: string; failures: number; until: Date }[]> {
  const limit = signInLimits[passwordSignIn]?.account;
  if (limit === undefined) return [];
  const prefix = accountFailures(passwordSignIn);
  const counters = await limiter.usedUp(prefix, limit);
  return counters.map(({ key, hits, until }) => ({
    email: key.slice(prefix.length),
    failures: hits,
    until,
  }));
}

/** Whether the account with this e-mail has a live session that began at this address. */
export type SignedInFrom = (email: string, ip: string) => Promise<boolean>;

/**
 * Counts each call under /api/auth against its limits before Better Auth sees it,
 * and refuses it when one is used up.
 */
export function authCallLimits(limiter: RateLimiter, signedInFrom: SignedInFrom) {
  const hitAll = (counters: Counter[]) =>
    Promise.all(counters.map(({ key, limit }) => limiter.hit(key, limit)));
  const refuseUsedUp = async (counters: Counter[]) => {
    const refused = (await hitAll(counters)).find((decision) => !decision.allowed);
    if (refused) throw rateLimited(refused);
  };

  /**
   * A code request is counted against the caller's own budgets first; only an address the
   * account has no session from draws on the budget strangers share (see CodeRequestLimit).
   */
  async function countCodeRequest(call: AuthCall, limits: CodeRequestLimit): Promise<void> {
    const prefix = `auth:${call.path}`;
    const own: Counter[] = [{ key: `${prefix}:ip:${call.ip}`, limit: limits.ip }];
    if (call.email === undefined) return refuseUsedUp(own);
    own.push({ key: `${prefix}:pair:${call.email}:${call.ip}`, limit: limits.pair });
    await refuseUsedUp(own);
    if (await signedInFrom(call.email, call.ip)) return;
    await refuseUsedUp([{ key: `${prefix}:email:${call.email}`, limit: limits.strangers }]);
  }

  /**
   * A sign-in is counted as a failure before it is tried, so many guesses sent at
   * once cannot all slip under the limit; one that succeeds gives its share back.
   */
  async function countSignIn(call: AuthCall, limits: SignInLimit): Promise<CountedCall> {
    const prefix = `auth:${call.path}:failures`;
    const guesser: Counter[] = [{ key: `${prefix}:ip:${call.ip}`, limit: limits.ip }];
    const account: Counter[] = [];
    if (call.email !== undefined) {
      guesser.push({ key: `${prefix}:pair:${call.email}:${call.ip}`, limit: limits.pair });
      if (limits.account) {
        account.push({ key: `${accountFailures(call.path)}${call.email}`, limit: limits.account });
      }
    }
    const [guesserDecisions, accountDecisions] = await Promise.all([
      hitAll(guesser),
      hitAll(account),
    ]);
    const refused = guesserDecisions.find((decision) => !decision.allowed);
    if (refused) throw rateLimited(refused);
    const underAttack = accountDecisions.find((decision) => !decision.allowed);
    if (underAttack) {
      throw new AppError(
        'account_protected',
        accountProtectedMessage,
        underAttack.retryAfterSeconds,
      );
    }
    return {
      async settle(succeeded) {
        if (!succeeded) return;
        await Promise.all([...guesser, ...account].map(({ key }) => limiter.refund(key)));
      },
    };
  }

  return async function count(call: AuthCall): Promise<CountedCall> {
    const signIn = signInLimits[call.path];
    if (signIn && call.method === 'POST') return countSignIn(call, signIn);
    const codeRequest = codeRequestLimits[call.path];
    if (codeRequest && call.method === 'POST') {
      await countCodeRequest(call, codeRequest);
      return nothingToSettle;
    }

    const listed = authLimits[call.path];
    const limit = listed ?? (call.method === 'GET' ? otherAuthReadLimit : otherAuthWriteLimit);
    const name = listed ? call.path : `*${call.method}`;
    const counters: Counter[] = [{ key: `auth:${name}:ip:${call.ip}`, limit: limit.ip }];
    if (limit.email && call.email !== undefined) {
      counters.push({ key: `auth:${name}:email:${call.email}`, limit: limit.email });
    }
    await refuseUsedUp(counters);
    return nothingToSettle;
  };
}

export type AuthCallLimits = ReturnType<typeof authCallLimits>;
