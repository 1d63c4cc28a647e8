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
 * A failing task is logged and tried again next time.
 */
export function startHousekeeping(
  tasks: HousekeepingTask[],
  log: FastifyBaseLogger,
  intervalMs = defaultIntervalMs,
) {
  let running: Promise<unknown> = Promise.resolve();
  const runAll = () => {
    running = Promise.all(
      tasks.map((task) =>
        task
          .run()
          .catch((error: unknown) =>
            log.warn({ err: error, task: task.name }, 'housekeeping failed'),
          ),
      ),
    );
  };
  const first = setTimeout(runAll, 0);
  const every = setInterval(runAll, intervalMs);
  first.unref();
  every.unref();
  return {
    /** Stops the timers and waits for a run in progress, so the database can close after it. */
    async stop(): Promise<void> {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
