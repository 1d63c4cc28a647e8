import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeForClientStatus } from '@shared/api-error';
import { AccountSystemFailure, AccountSystemRefusal, AppError } from '../http/app-error';
import { pathOf } from '../http/canonical-path';
import { authCallLimits } from '../rate-limit/auth-call-limits';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { maxPasswordLength, minPasswordLength, type Auth } from '../auth/auth';
import { checkAuthInput } from '../auth/auth-input';
import { isAuditedAccountCall } from '../auth/better-auth';
import type { AuditTrail } from '../audit/audit-trail';

const prefix = '/api/auth';

/** Longer than any link of ours; a browser may refuse a longer header. */
const maxRedirectLength = 4_096;

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
    else headers.set(key, value);
  }
  // The address Fastify trusted (see trustProxy), not whatever the client claims.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Clearer words than Better Auth's for the refusals a person can fix themselves. */
const clearerMessages: Record<string, string> = {
  password_too_short: `Password must be at least ${minPasswordLength} characters.`,
  password_too_long: `Password must be at most ${maxPasswordLength} characters.`,
};

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

/**
 * Better Auth speaks Web Requests; this hands it every call under /api/auth and
 * turns its errors into the API's one error shape.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  {
    auth,
    limiter,
    trail,
    publicUrl,
  }: {
    auth: Auth;
    limiter: RateLimiter;
    trail: AuditTrail;
    publicUrl: string;
  },
): void {
  const countCall = authCallLimits(limiter);

  app.route({
    method: ['GET', 'POST'],
    url: `${prefix}/*`,
    async handler(request, reply) {
      // The path is canonical by now (see canonical-path.ts): it is the one Better Auth routes.
      const path = pathOf(request).slice(prefix.length);
      checkAuthInput(path, request.body);
      const call = await countCall({
        path,
        method: request.method,
        ip: request.ip,
        email: emailIn(request.body),
      });
      const body = trimEmail(request.body);
      const handle = () =>
        auth.handler(
          new Request(new URL(request.url, publicUrl), {
            method: request.method,
            headers: headersOf(request),
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          }),
        );
      // A sign-in, sign-out, reset or second-factor change commits with its audit entry.
      const response = await (isAuditedAccountCall(path) ? trail.unitOfWork(handle) : handle());

      // A redirect built from what the caller sent may carry all of it; none of ours is this long.
      if ((response.headers.get('location')?.length ?? 0) > maxRedirectLength) {
        await call.settle(false);
        throw new AppError('bad_request', 'The request is too large.');
      }
      void reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);

      const text = await response.text();
      await call.settle(response.status < 400);
      if (response.status >= 400) {
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
            : codeForClientStatus(response.status);
        const message =
          clearerMessages[code] ??
          (typeof parsed.message === 'string' && parsed.message !== ''
            ? parsed.message
            : response.statusText || 'Request refused');
        // A failure of the account system itself: the error handler tells whether the
        // database is away (503) or answers 500 without detail, as for any route.
        if (response.status >= 500) throw new AccountSystemFailure(`${code}: ${message}`);
        throw new AccountSystemRefusal(code, message, response.status);
      }
      return reply.send(text);
    },
  });
}
