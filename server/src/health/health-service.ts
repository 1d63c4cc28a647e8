import type { Health } from '@shared/health';
import type { DatabaseHandle } from '../db/database';
import type { PhotoStorage } from '../storage/photo-storage';

/**
 * Whether the server can do its work. The database decides: without it nothing works,
 * while an object store that does not answer only holds photos back (the web app keeps
 * them queued and sends them later), so it is reported beside the status, never as it.
 */
export function healthService(deps: { database: DatabaseHandle; photos: PhotoStorage }) {
  const checksStorage = deps.photos.kind === 'object-store';
  return {
    async check(): Promise<Health> {
      const [usable, storageReachable] = await Promise.all([
        deps.database.ping(),
        checksStorage ? deps.photos.reachable() : Promise.resolve(true),
      ]);
      const health: Health = { status: usable ? 'ok' : 'unavailable' };
      if (checksStorage) health.storage = storageReachable ? 'ok' : 'unreachable';
      return health;
    },
  };
}

export type HealthService = ReturnType<typeof healthService>;
