import { getConstructionPlans, PgBoss } from 'pg-boss';
import type { RawSql } from '../db/database';
import type { UnitOfWork } from '../db/unit-of-work';
import { moveFormerJobs } from './former-jobs';

/** How a job's handler is told about the job it runs. */
export type JobHandler<T> = (data: T) => Promise<void>;

export interface QueueSettings {
  /** Tries after the first when the handler throws, spaced by `retryDelaySeconds`, doubling. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job taken by a server that then stopped is given to another after this long. */
  expireInSeconds: number;
  /** How often an idle worker asks for work; `wake` asks at once. */
  pollingIntervalSeconds: number;
  /** Jobs this process runs at once, one per worker. */
  workers: number;
}

export interface JobQueue {
  /**
   * Queues a job, to run at once or from `startAfter`: a moment, or a number of seconds from
   * now on the database's clock (the one every server's workers read). Inside a unit of work
   * it is stored with the work's change or not at all, so a job exists exactly when what it
   * is about does.
   */
  send(queue: string, data: object, startAfter?: Date | number): Promise<void>;
  /** Runs `handler` for this queue's jobs in this process, alongside every other process's. */
  work<T extends object>(
    queue: string,
    settings: QueueSettings,
    handler: JobHandler<T>,
  ): Promise<void>;
  /** This process's worker of `queue` asks for work now instead of at its next poll. */
  wake(queue: string): void;
  stop(): Promise<void>;
}

export interface JobQueueLog {
  error(detail: object, message: string): void;
  info?(detail: object, message: string): void;
}

/** What the queue needs of the database: its raw statements and its units of work. */
export interface JobQueueDatabase {
  rawSql: RawSql;
  unitOfWork: UnitOfWork;
}

/**
 * The job queue's schema beside ours: `pgboss_v12`, or `<schema>_jobs_v12` for a schema of our
 * own. pg-boss 11 and later cannot migrate the tables pg-boss 10 kept in `pgboss` (see
 * `formerJobSchemaFor`), so pg-boss 12 starts in a schema of its own and the jobs still
 * pending in the former one are moved across once (former-jobs.ts).
 */
export function jobSchemaFor(schema: string): string {
  return schema === 'public' ? 'pgboss_v12' : `${schema}_jobs_v12`;
}

/** Where pg-boss 10 kept its jobs, up to the move to pg-boss 12. */
export function formerJobSchemaFor(schema: string): string {
  return schema === 'public' ? 'pgboss' : `${schema}_jobs`;
}

/**
 * Jobs on our own database, by pg-boss: stored in its tables, taken by one worker at a time
 * across every server process (`FOR UPDATE SKIP LOCKED`), retried with backoff when a handler
 * throws, and given to another worker when the one that took it stopped. pg-boss reaches the
 * database only through `RawSql`, on the embedded database as on a PostgreSQL server.
 *
 * A job may still run twice (a server stopped after the handler's work and before its
 * completion was stored): handlers make their effects once by their own keys.
 */
export async function startJobQueue(
  database: JobQueueDatabase,
  log: JobQueueLog,
  // A job under way when the queue stops finishes within this (a gateway answers within ten
  // seconds), or is given to another process once it expires.
  stopWaitMs = 11_000,
): Promise<JobQueue> {
  const sql = database.rawSql;
  // Beside the schema our tables are in: test runs sharing a server each have their own.
  const { rows } = await sql.executeSql('select current_schema() as schema', []);
  const schema = (rows[0] as { schema: string } | undefined)?.schema ?? 'public';
  // pg-boss completes or fails a job without waiting for it, and a fetch under way when it
  // stops may still hand a worker a job: stopping waits for the statements under way, runs
  // no job fetched meanwhile (it is handed back for a later try, or, once the queue has
  // stopped, stays taken until it expires and goes to another process), and lets no later
  // statement reach a database about to close.
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let stopped = false;
  const tracked: RawSql = {
    executeSql(text, values) {
      if (stopped) return Promise.resolve(nothingDone(text));
      const statement = sql.executeSql(text, values);
      inFlight.add(statement);
      statement.then(
        () => inFlight.delete(statement),
        () => inFlight.delete(statement),
      );
      return statement;
    },
  };
  const boss = new PgBoss({
    db: tracked,
    schema: jobSchemaFor(schema),
    // Timed jobs are sent with their start; no cron schedules run.
    schedule: false,
    // The monitor gives a job taken by a server that stopped to another once it expired: it
    // looks every 30 s, like the sweep of notifications nobody is sending.
    superviseIntervalSeconds: 30,
    monitorIntervalSeconds: 30,
    // No registry of the processes working: every server's health is its own check's.
    registerInstance: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await createSchema(sql, jobSchemaFor(schema));
  await boss.start();
  try {
    const moved = await moveFormerJobs(
      boss,
      database,
      formerJobSchemaFor(schema),
      jobSchemaFor(schema),
    );
    if (moved > 0) log.info?.({ jobs: moved }, 'jobs moved from the former job queue');
  } catch (error) {
    await boss.stop({ graceful: false, close: false });
    throw error;
  }
  const workers = new Map<string, string[]>();
  const wake = (queue: string) => {
    for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
  };

  return {
    async send(queue, data, startAfter) {
      await boss.send(queue, data, startAfter === undefined ? {} : { startAfter });
    },
    async work(queue, settings, handler) {
      await boss.createQueue(queue, {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.expireInSeconds,
      });
      const ids: string[] = [];
      workers.set(queue, ids);
      for (let count = 0; count < settings.workers; count += 1) {
        let id = '';
        id = await boss.work<object>(
          queue,
          { pollingIntervalSeconds: settings.pollingIntervalSeconds, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            // Fetched as the queue stops: handed back, to be run again here or elsewhere.
            if (stopping) throw new Error('The job queue is stopping');
            // A worker that found a job asks again at once rather than after its polling
            // interval: a burst drains at the speed of its handlers, not of the poll.
            try {
              await handler(job.data as Parameters<typeof handler>[0]);
            } finally {
              boss.notifyWorker(id);
            }
          },
        );
        ids.push(id);
      }
    },
    wake,
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, timeout: stopWaitMs, close: false });
      await Promise.allSettled([...inFlight]);
      stopped = true;
    },
  };
}

/**
 * The queue's schema, made before pg-boss installs its tables in it. Servers starting at once on
 * a new database each install them, one after the other under pg-boss's lock; but the second
 * one's `create schema if not exists` in the same script still misses the schema the first made
 * (it looked the name up before waiting for the lock) and fails. Made here in a statement of its
 * own, a server that loses the race to another is told the schema exists.
 */
async function createSchema(sql: RawSql, name: string): Promise<void> {
  try {
    await sql.executeSql(`create schema if not exists "${name}"`);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // unique_violation, duplicate_schema: made by another server meanwhile.
    if (code !== '23505' && code !== '42P06') throw error;
  }
}

/**
 * What a stopped queue answers a statement it no longer sends: no rows, and for a statement
 * that counts the jobs it changed (a completion or a failure, which pg-boss sends without
 * waiting for it, so one may come after the queue stopped), a count of none.
 */
function nothingDone(text: string): { rows: unknown[] } {
  return /\bfrom results\s*$/i.test(text) ? { rows: [{ count: '0', ids: [] }] } : { rows: [] };
}

/** The job queue's tables, for a database written ahead of its first start. */
export function jobQueueConstruction(schema: string): string {
  return getConstructionPlans(jobSchemaFor(schema));
}
