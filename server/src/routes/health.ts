import { healthSchema, type Health } from '@shared/health';
import type { DatabaseHandle } from '../db/database';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';
import type { PhotoStorage } from '../storage/photo-storage';

interface HealthDeps {
  database: DatabaseHandle;
  photos: PhotoStorage;
}

/**
 * 503 is the database's alone: without it nothing works, while an object store that does
 * not answer only holds photos back (the web app keeps them queued and sends them later).
 */
export function registerHealthRoutes(app: ApiServer, { database, photos }: HealthDeps): void {
  const checksStorage = photos.kind === 'object-store';
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } }, onRequest: noStore },
    async (_request, reply) => {
      const [usable, storageReachable] = await Promise.all([
        database.ping(),
        checksStorage ? photos.reachable() : Promise.resolve(true),
      ]);
      const body: Health = { status: usable ? 'ok' : 'unavailable' };
      if (checksStorage) body.storage = storageReachable ? 'ok' : 'unreachable';
      return reply.status(usable ? 200 : 503).send(body);
    },
  );
}
