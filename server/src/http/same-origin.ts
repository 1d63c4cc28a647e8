import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { pathOf } from './canonical-path';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing API call that says it comes from another site is refused.
 * With SameSite=Lax cookies and JSON bodies this closes cross-site request forgery;
 * clients that send no Origin (curl, other servers with a JWT) are not affected.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    const crossSite =
      !safeMethods.has(request.method) &&
      pathOf(request).startsWith('/api/') &&
      origin !== undefined &&
      origin !== allowed;
    done(crossSite ? new AppError('forbidden', 'Cross-site request refused') : undefined);
  });
}
