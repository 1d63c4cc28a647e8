import { APIError, getSessionFromCtx, type createAuthMiddleware } from 'better-auth/api';
import { rateLimitMessage } from '../rate-limit/refusal';
import type { PhoneCodeCounter } from '../rate-limit/phone-code-limits';
import type { RateDecision } from '../rate-limit/rate-limiter';
import { isServedNumber } from '../sms/served-numbers';
import { secondStepAccount } from './better-auth';

type Context = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** A number as the phone plugin takes it (E.164), the same pattern the web checks. */
export const phoneNumberPattern = /^\+[1-9]\d{7,14}$/;

/** Where codes may go, in the words of a refusal. */
function servedCountries(countryCodes: readonly string[]): string {
  const others = countryCodes.filter((code) => code !== '977').map((code) => `+${code}`);
  const nepal = countryCodes.includes('977') ? ['Nepali mobile numbers'] : [];
  const abroad = others.length > 0 ? [`numbers under ${others.join(', ')}`] : [];
  return [...nepal, ...abroad].join(' and ');
}

/** The answer to a used-up code budget: the API's one 429, and when to ask again. */
function tooManyCodes(decision: RateDecision): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'RATE_LIMITED', message: rateLimitMessage(decision.retryAfterSeconds) },
    { 'Retry-After': String(decision.retryAfterSeconds) },
  );
}

/**
 * What a texted code must pass before a plugin makes and texts it. To add a number: a session
 * (the number is added to the account asking, and nobody is texted without one), a number in a
 * country the server serves, and the number's and the account's budgets. To sign in: the
 * account's budget (the code goes to its own verified number). All run before the plugin
 * stores a code, so a refused request leaves the code already texted working.
 */
export function phoneCodeChecks({
  counter,
  countryCodes,
}: {
  counter: PhoneCodeCounter;
  countryCodes: readonly string[];
}) {
  const notServed = `Codes are texted only to ${servedCountries(countryCodes)}.`;

  async function beforeSignInCode(ctx: Context): Promise<void> {
    const accountId = await secondStepAccount(ctx);
    if (accountId === null) return;
    const refused = await counter.forSignIn(accountId);
    if (refused) throw tooManyCodes(refused);
  }

  async function beforeAddingNumber(ctx: Context): Promise<void> {
    // The first thing checked, before the number is read: without a session every number gets
    // the same answer at the same speed, and no text.
    const session = await getSessionFromCtx(ctx);
    if (!session) {
      throw new APIError('UNAUTHORIZED', {
        code: 'UNAUTHORIZED',
        message: 'Sign in to add a phone number.',
      });
    }
    const phone = (ctx.body as Record<string, unknown> | undefined)?.phoneNumber;
    // Not a number at all: the plugin's own check refuses it (`invalid_phone_number`).
    if (typeof phone !== 'string' || !phoneNumberPattern.test(phone)) return;
    if (!isServedNumber(phone, countryCodes)) {
      throw new APIError('BAD_REQUEST', { code: 'PHONE_COUNTRY_NOT_ALLOWED', message: notServed });
    }
    const refused = await counter.toAddNumber(phone, session.user.id);
    if (refused) throw tooManyCodes(refused);
  }

  return async function beforePhoneCode(ctx: Context): Promise<void> {
    if (ctx.path === '/phone-number/send-otp') await beforeAddingNumber(ctx);
    if (ctx.path === '/two-factor/send-otp') await beforeSignInCode(ctx);
  };
}
