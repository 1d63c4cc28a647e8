import { healthSchema } from '@shared/health';
import type { HealthService } from '../health/health-service';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

/** `GET /api/health`: 503 when the server cannot work, so a load balancer stops sending to it. */
export function registerHealthRoutes(app: ApiServer, deps: { health: HealthService }): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } }, onRequest: noStore },
    async (_request, reply) => {
      const health = await deps.health.check();
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
}
