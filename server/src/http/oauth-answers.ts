import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { oauthErrorCodes, type OAuthError } from '@shared/smart';
import { appErrorIn } from './fhir-answers';

/** The most a token request's form may hold: an assertion is a few kilobytes. */
export const oauthBodyLimit = 64 * 1024;

/**
 * A form's fields (`application/x-www-form-urlencoded`): a field given twice becomes a list,
 * which no parameter's schema takes (RFC 6749 §3.2: parameters are never repeated). Kept on an
 * object without a prototype, so `__proto__` is one more unknown field.
 */
export function formFields(body: string): Record<string, string | string[]> {
  const fields = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(body)) {
    const had = fields[name];
    fields[name] = had === undefined ? value : [had, value].flat();
  }
  return fields;
}

/** The OAuth error an app error is at the token endpoint, and with which status. */
function oauthErrorOf(code: string, status: number): { status: number; error: string } {
  if ((oauthErrorCodes as readonly string[]).includes(code)) return { status, error: code };
  if (status === 429 || status === 503) return { status, error: 'temporarily_unavailable' };
  if (status >= 500) return { status, error: 'server_error' };
  // A body that is no form, too large, or a parameter that is no string (RFC 6749 §5.2: 400).
  return { status: 400, error: 'invalid_request' };
}

/** RFC 6749 §5.1: a token answer, and its refusals, are kept by no cache. */
export function oauthNoStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  void reply.headers({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  done();
}

/**
 * Answers within an OAuth context (the SMART token endpoint) as OAuth clients read them: the
 * request is a form, and not JSON; an error is `{ error, error_description }` (RFC 6749 §5.2).
 * Which error, with which message, is still decided in one place for the whole server
 * (`error-handler.ts`); it is only written out here in OAuth's form.
 */
export function oauthAnswers(api: FastifyInstance): void {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: oauthBodyLimit },
    (_request, body, done) => done(null, formFields(body as string)),
  );
  api.addHook('onSend', async (_request, reply, payload) => {
    const error = reply.statusCode >= 400 ? appErrorIn(payload) : null;
    if (error === null) return payload;
    const answer = oauthErrorOf(error.code, reply.statusCode);
    void reply.status(answer.status).type('application/json; charset=utf-8');
    return JSON.stringify({
      error: answer.error,
      error_description: error.message,
    } satisfies OAuthError);
  });
}
