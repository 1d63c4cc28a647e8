import type { FastifyInstance } from 'fastify';
import type { Health } from '@shared/health';
import type { DatabaseHandle } from '../db/database';

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/api/health', async (_request, reply) => {
    const usable = await database.ping();
    const body: Health = { status: usable ? 'ok' : 'unavailable' };
    return reply
      .status(usable ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
