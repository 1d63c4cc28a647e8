import { healthSchema, type Health } from '@shared/health';
import type { DatabaseHandle } from '../db/database';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

export function registerHealthRoutes(app: ApiServer, database: DatabaseHandle): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } }, onRequest: noStore },
    async (_request, reply) => {
      const usable = await database.ping();
      const body: Health = { status: usable ? 'ok' : 'unavailable' };
      return reply.status(usable ? 200 : 503).send(body);
    },
  );
}
