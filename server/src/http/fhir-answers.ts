import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiError } from '@shared/api-error';
import { fhirJsonType } from '@shared/fhir';
import { takesJson } from '../fhir/formats';
import { operationOutcome, outcomeOf } from '../fhir/operation-outcome';
import { AppError } from './app-error';

/** The protection space a FHIR 401 names in its challenge (RFC 6750 §3). */
export const fhirRealm = 'Sewa FHIR R4';

/** The methods every FHIR path here takes: it reads and searches, and writes nothing. */
const allowedMethods = 'GET, HEAD';

/** The app's error an answer's body carries (`{ error: { code, message } }`), if it is one. */
export function appErrorIn(payload: unknown): ApiError['error'] | null {
  if (typeof payload !== 'string') return null;
  try {
    const parsed = JSON.parse(payload) as Partial<ApiError> | null;
    const error = parsed?.error;
    return typeof error?.code === 'string' && typeof error.message === 'string' ? error : null;
  } catch {
    return null;
  }
}

/** A route's path as a pattern of the request paths it serves (`:id` any one segment). */
function patternOf(url: string): RegExp {
  const segments = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** The `_format` a request's query gives, or null. */
function formatOf(request: FastifyRequest): string | null {
  const query = request.url.indexOf('?');
  if (query < 0) return null;
  return new URLSearchParams(request.url.slice(query + 1)).get('_format');
}

/** The challenge of a 401: `invalid_token` when a bearer token was sent and is no good. */
function challengeOf(request: FastifyRequest): string {
  const sent = /^bearer\s+\S/i.test(request.headers.authorization ?? '');
  return sent
    ? `Bearer realm="${fhirRealm}", error="invalid_token", error_description="The access token is not valid or has expired."`
    : `Bearer realm="${fhirRealm}"`;
}

/**
 * Answers within the FHIR API as FHIR clients read them: `application/fhir+json`, and an
 * error as an OperationOutcome. Which error, with which status and message, is still decided
 * in one place for the whole server (`error-handler.ts`); it is only written out here in
 * FHIR's form, a 401 with its Bearer challenge. A client that takes only another format
 * (XML) is answered 406; a method the API does not take on a path it serves, 405 with the
 * methods it does; a path under the API that names nothing it serves, a missing resource.
 */
export function fhirAnswers(api: FastifyInstance): void {
  const served: RegExp[] = [];
  api.addHook('onRoute', (route) => {
    served.push(patternOf(route.url));
  });
  api.addHook('onRequest', async (request, reply) => {
    if (takesJson(request.headers.accept, formatOf(request))) return;
    await reply
      .status(406)
      .send(
        outcomeOf('error', 'not-supported', [
          `This server answers in FHIR JSON only (${fhirJsonType}).`,
        ]),
      );
  });
  api.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (served.some((pattern) => pattern.test(path))) {
      return reply
        .status(405)
        .header('allow', allowedMethods)
        .send(
          outcomeOf('error', 'not-supported', [
            `${request.method} is not supported here; this server only reads (${allowedMethods}).`,
          ]),
        );
    }
    throw new AppError('not_found', 'This server has no such resource type or interaction.');
  });
  api.addHook('onSend', async (request, reply, payload) => {
    void reply.type(`${fhirJsonType}; charset=utf-8`);
    if (reply.statusCode === 401) void reply.header('www-authenticate', challengeOf(request));
    const error = reply.statusCode >= 400 ? appErrorIn(payload) : null;
    return error ? JSON.stringify(operationOutcome(error.code, error.message)) : payload;
  });
}
