import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Scripts only from our own origin, no inline script anywhere. Inline styles are
 * allowed because the toast and dialog libraries position elements with them.
 *
 * The headers are the same for every answer, so helmet is set up once here; the
 * Fastify plugin would build it again for each request.
 */
export function registerSecurityHeaders(app: FastifyInstance, secure: boolean) {
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure,
    // Older browsers read only X-Frame-Options; it says what frame-ancestors 'none' says.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Video visits use the camera and the microphone; nothing else on the page may.
    reply.raw.setHeader('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
    applyHelmet(request.raw, reply.raw, () => done());
  });
}
