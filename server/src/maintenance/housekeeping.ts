import type { FastifyBaseLogger } from 'fastify';

/** How often each process tidies the tables that only grow. */
const defaultIntervalMs = 15 * 60 * 1000;

export interface HousekeepingTask {
  name: string;
  run(): Promise<void>;
}

/**
 * Runs each task soon after start and then every quarter of an hour (or `intervalMs`). Every
 * server process does this; the tasks are deletes of old rows or conditional updates, so
 * doing one twice is harmless.
 * A failing task is logged and tried again next time. A round still going when the next is
 * due is left to finish rather than joined by another, so there is only ever one to wait for.
 */
export function startHousekeeping(
  tasks: HousekeepingTask[],
  log: FastifyBaseLogger,
  intervalMs = defaultIntervalMs,
) {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  const runAll = () => {
    if (stopped || running) return;
    running = Promise.all(
      tasks.map((task) =>
        task
          .run()
          .catch((error: unknown) =>
            log.warn({ err: error, task: task.name }, 'housekeeping failed'),
          ),
      ),
    ).finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(runAll, 0);
  const every = setInterval(runAll, intervalMs);
  first.unref();
  every.unref();
  return {
    /**
     * Stops the timers and waits for a round in progress, so the database can close after
     * it: no task starts once this is called, and none is left holding a closed database.
     */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
