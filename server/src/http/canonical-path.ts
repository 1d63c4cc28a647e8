import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** Characters a URL never needs to escape; an escaped one is another spelling of the same path. */
const unreserved = /^[A-Za-z0-9\-._~]$/;

/**
 * The one spelling of a path that every part of the server agrees on: escapes of
 * plain characters decoded (`%61` is `a`, `%2e` is `.`), backslashes read as
 * slashes, repeated slashes folded and `.`/`..` segments resolved, as a URL
 * parser would before routing.
 */
export function canonicalPath(path: string): string {
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return unreserved.test(character) ? character : escape;
  });
  const slashes = decoded.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return new URL(slashes, 'http://path.invalid').pathname;
}

/** The request's path without its query: after the canonical-path check, the path every router sees. */
export function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/**
 * A path in any other spelling than its canonical one is refused before anything
 * reads it. The router, Better Auth's own router, the abuse limits and the
 * same-origin check could otherwise each read a different path from one request:
 * `/api/auth/x/../sign-in/email` signs in, but would be counted as something else.
 * No browser or client of ours sends such a path, so nothing is lost by refusing it.
 */
export function registerCanonicalPathCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const path = pathOf(request);
    const plain = path === canonicalPath(path);
    done(plain ? undefined : new AppError('bad_request', 'The request path is not in plain form.'));
  });
}
