import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { pathOf } from './canonical-path';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing API call that says it comes from another origin is refused, and the log
 * says which origin and which ones the server accepts (`allowedOrigins`), so whoever started
 * the server can see at once that the browser's address is not `PUBLIC_URL`.
 * With SameSite=Lax cookies and JSON bodies this closes cross-site request forgery;
 * clients that send no Origin (curl, other servers with a JWT) are not affected.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowed: readonly string[]): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    const refused =
      !safeMethods.has(request.method) &&
      pathOf(request).startsWith('/api/') &&
      origin !== undefined &&
      !allowed.includes(origin);
    if (!refused) {
      done();
      return;
    }
    request.log.warn(
      { origin, allowedOrigins: allowed },
      `request refused: it comes from ${origin}, and this server accepts only ${allowed.join(', ')} (PUBLIC_URL); open the app at that address`,
    );
    done(
      new AppError(
        'origin_refused',
        `This server accepts requests only from ${allowed.join(', ')}, not from ${origin}`,
      ),
    );
  });
}
