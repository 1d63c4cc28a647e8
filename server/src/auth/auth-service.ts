import { codeForClientStatus } from '@shared/api-error';
import type { AuditTrail } from '../audit/audit-trail';
import { AccountSystemFailure, AccountSystemRefusal, AppError } from '../http/app-error';
import { authCallLimits } from '../rate-limit/auth-call-limits';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { maxPasswordLength, minPasswordLength, type Auth } from './auth';
import { checkAuthInput } from './auth-input';
import { isAuditedAccountCall, sessionAddressOf, type AccountAudit } from './better-auth';
import type { UsersRepository } from './users-repository';

/** Longer than any link of ours; a browser may refuse a longer header. */
const maxRedirectLength = 4_096;

/** Clearer words than Better Auth's for the refusals a person can fix themselves. */
const clearerMessages: Record<string, string> = {
  password_too_short: `Password must be at least ${minPasswordLength} characters.`,
  password_too_long: `Password must be at most ${maxPasswordLength} characters.`,
};

/** One call under /api/auth, as the route parsed it. */
export interface AccountCall {
  /** The path under /api/auth, canonical: the one Better Auth routes. */
  path: string;
  method: string;
  /** The request's path and query, as sent. */
  url: string;
  /** The request's headers, with `x-forwarded-for` the address the server believed. */
  headers: Headers;
  /** The client address the server believed (see TRUST_PROXY). */
  address: string;
  body: unknown;
}

/**
 * The account system's answer: its status, headers and cookies go to the client as they
 * are, and then either its text or, for an error, `refusal` in the API's one error shape.
 */
export interface AccountAnswer {
  status: number;
  headers: [string, string][];
  cookies: string[];
  text: string;
  refusal: Error | null;
}

/**
 * The e-mail of a JSON body, trimmed: a stray space typed on a phone keyboard
 * should not turn into "Invalid email", nor into a second rate-limit counter.
 */
function trimEmail(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return typeof record.email === 'string' ? { ...record, email: record.email.trim() } : body;
}

function emailIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  const { email } = body;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/** The refusal the API gives for an answer of the account system's with an error status. */
function refusalOf(status: number, statusText: string, text: string): Error {
  const parsed = (() => {
    try {
      return JSON.parse(text) as { code?: unknown; message?: unknown };
    } catch {
      return {};
    }
  })();
  const code =
    typeof parsed.code === 'string' && parsed.code !== ''
      ? parsed.code.toLowerCase()
      : codeForClientStatus(status);
  const message =
    clearerMessages[code] ??
    (typeof parsed.message === 'string' && parsed.message !== ''
      ? parsed.message
      : statusText || 'Request refused');
  // A failure of the account system itself: the error handler tells whether the
  // database is away (503) or answers 500 without detail, as for any route. A text the
  // gateway could not take just now is ours to say: the person may try again.
  if (status >= 500 && !(status === 503 && code === 'sms_not_sent')) {
    return new AccountSystemFailure(`${code}: ${message}`);
  }
  return new AccountSystemRefusal(code, message, status);
}

/**
 * Every call under /api/auth: checked, counted against its limits, handed to Better Auth,
 * recorded in the audit trail with the change it makes, and its errors turned into the
 * API's one error shape.
 */
export function authService(deps: {
  auth: Auth;
  limiter: RateLimiter;
  trail: AuditTrail;
  accountAudit: AccountAudit;
  users: UsersRepository;
  publicUrl: string;
}) {
  const { auth, trail, accountAudit } = deps;
  const countCall = authCallLimits(deps.limiter, async (email, ip) => {
    const stored = await sessionAddressOf(auth, ip);
    return stored !== null && deps.users.hasSessionFrom(email, stored);
  });

  return {
    async call(call: AccountCall): Promise<AccountAnswer> {
      checkAuthInput(call.path, call.body);
      const counted = await countCall({
        path: call.path,
        method: call.method,
        ip: call.address,
        email: emailIn(call.body),
      });
      const body = trimEmail(call.body);
      const handle = () =>
        auth.handler(
          new Request(new URL(call.url, deps.publicUrl), {
            method: call.method,
            headers: call.headers,
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          }),
        );
      // A sign-in, sign-out, reset or second-factor change commits with its audit entries.
      const response = isAuditedAccountCall(call.path)
        ? (
            await trail.change(
              () => accountAudit.recording(handle),
              ({ entries }) => entries,
            )
          ).result
        : await handle();

      // A redirect built from what the caller sent may carry all of it; none of ours is this long.
      if ((response.headers.get('location')?.length ?? 0) > maxRedirectLength) {
        await counted.settle(false);
        throw new AppError('bad_request', 'The request is too large.');
      }
      const headers: [string, string][] = [];
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') headers.push([key, value]);
      });
      const text = await response.text();
      await counted.settle(response.status < 400);
      return {
        status: response.status,
        headers,
        cookies: response.headers.getSetCookie(),
        text,
        refusal:
          response.status >= 400 ? refusalOf(response.status, response.statusText, text) : null,
      };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
