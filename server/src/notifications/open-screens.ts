import { randomUUID } from 'node:crypto';
import type { OpenScreensRepository } from './open-screens-repository';

/** How often this process tells the database whose screens it still holds open. */
export const openScreenRefreshMs = 20_000;

export interface OpenScreens {
  /** A person's event stream opened on this process; the returned function closes it. */
  opened(userId: string): () => void;
  stop(): void;
}

interface Log {
  warn(detail: object, message: string): void;
}

/**
 * Whose app is open, across every server: each process counts its open event streams by
 * person and refreshes a row per person in `open_screens` while any is open. "The care team
 * answered" goes only to someone without one.
 */
export function openScreens(repository: OpenScreensRepository, log: Log): OpenScreens {
  const processId = randomUUID();
  const counts = new Map<string, number>();
  const failed = (error: unknown) => log.warn({ err: error }, 'open screens not recorded');

  const timer = setInterval(() => {
    repository.refresh(processId, [...counts.keys()]).catch(failed);
  }, openScreenRefreshMs);
  timer.unref();

  return {
    opened(userId) {
      const before = counts.get(userId) ?? 0;
      counts.set(userId, before + 1);
      if (before === 0) repository.refresh(processId, [userId]).catch(failed);
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        const left = (counts.get(userId) ?? 1) - 1;
        if (left > 0) {
          counts.set(userId, left);
          return;
        }
        counts.delete(userId);
        repository.remove(processId, userId).catch(failed);
      };
    },
    stop() {
      clearInterval(timer);
    },
  };
}
