import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/auth-service';
import { pathOf } from '../http/canonical-path';

const prefix = '/api/auth';

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

/**
 * Better Auth speaks Web Requests; this hands it every call under /api/auth (through the
 * account service) and answers with what it said.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  { accounts }: { accounts: AuthService },
): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${prefix}/*`,
    async handler(request, reply) {
      const answer = await accounts.call({
        // The path is canonical by now (see canonical-path.ts): it is the one Better Auth routes.
        path: pathOf(request).slice(prefix.length),
        method: request.method,
        url: request.url,
        headers: headersOf(request),
        address: request.ip,
        body: request.body,
      });
      void reply.status(answer.status);
      for (const [key, value] of answer.headers) void reply.header(key, value);
      if (answer.cookies.length > 0) void reply.header('set-cookie', answer.cookies);
      if (answer.refusal) throw answer.refusal;
      return reply.send(answer.text);
    },
  });
}
