import type { JobInsert, PgBoss } from 'pg-boss';
import type { RawSql } from '../db/database';
import type { UnitOfWork } from '../db/unit-of-work';

/** The version of its tables pg-boss 10 wrote, the only one moved from. */
const formerSchemaVersion = 24;

interface FormerQueue {
  name: string;
  policy: string;
  retryLimit: number | null;
  retryDelay: number | null;
  retryBackoff: boolean | null;
  expireInSeconds: number | null;
  deadLetter: string | null;
}

interface FormerJob {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  startAfter: Date;
  singletonKey: string | null;
  expireInSeconds: number;
  deadLetter: string | null;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Moves the jobs pg-boss 10 still held in `former` (its tables, which pg-boss 11 and later
 * cannot migrate) into the pg-boss 12 queue `boss` runs in `schema`, once, and then drops
 * `former`.
 *
 * Moved: every job waiting to run (created, or failed and waiting to be tried again) with its
 * queue, data, priority, start, singleton key, expiry and what is left of its tries; and every
 * job a server had taken (active), which the former queue would have given to another once it
 * expired: it starts at that expiry, with the try it was on counted, or is left behind when it
 * was the last. Jobs that ended (completed, failed, cancelled) stay behind. Each queue comes
 * across with its settings.
 *
 * Servers that start at once move the jobs once: the queues, the jobs and the drop are one
 * transaction under an advisory lock, and a server that waited for the lock finds `former`
 * gone. Returns how many jobs this call moved.
 */
export async function moveFormerJobs(
  boss: PgBoss,
  database: { rawSql: RawSql; unitOfWork: UnitOfWork },
  former: string,
  schema: string,
): Promise<number> {
  const { rawSql: sql, unitOfWork } = database;
  // Read from the catalog as any table, with this statement's view: after waiting for the lock,
  // the names a server had looked up before may still be cached as they were.
  const present = async () => {
    const { rows } = await sql.executeSql(
      `select count(*)::int as tables from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relname in ('job', 'version')`,
      [former],
    );
    return (rows[0] as { tables: number } | undefined)?.tables === 2;
  };
  // Most starts: nothing to move, and no lock taken.
  if (!(await present())) return 0;

  return unitOfWork(async () => {
    await sql.executeSql('select pg_advisory_xact_lock(hashtext($1))', [
      `sewa: jobs of ${former} move to pg-boss 12`,
    ]);
    // Another server moved them while this one waited.
    if (!(await present())) return 0;
    const version = await sql.executeSql(`select version from ${quoted(former)}.version`);
    const found = (version.rows[0] as { version: number } | undefined)?.version;
    if (found !== formerSchemaVersion) {
      throw new Error(
        `The former job queue ${former} is at version ${found}, not ${formerSchemaVersion} (pg-boss 10): left as it is`,
      );
    }

    const { rows: queueRows } = await sql.executeSql(
      `select name, coalesce(policy, 'standard') as policy, retry_limit as "retryLimit",
         retry_delay as "retryDelay", retry_backoff as "retryBackoff",
         expire_seconds as "expireInSeconds", dead_letter as "deadLetter"
       from ${quoted(former)}.queue order by name`,
    );
    // pg-boss's own createQueue commits a transaction of its own: its SQL function instead.
    for (const queue of inDeadLetterOrder(queueRows as FormerQueue[])) {
      await sql.executeSql(`select ${quoted(schema)}.create_queue($1, $2::jsonb)`, [
        queue.name,
        JSON.stringify(queueOptions(queue)),
      ]);
    }

    // pg-boss 10 counts in retry_count the tries after the first that have begun: a job waiting
    // to be tried again, or under way, has one more behind it than that. pg-boss 12 counts the
    // tries left from a new job's, so the limit it gets is what remains.
    const { rows } = await sql.executeSql(
      `select id, name, data, priority,
         retry_limit - retry_count - (case when state = $1 then 0 else 1 end) as "retryLimit",
         retry_delay as "retryDelay", retry_backoff as "retryBackoff",
         case when state = 'active' then started_on + expire_in else start_after end as "startAfter",
         singleton_key as "singletonKey",
         greatest(ceil(extract(epoch from expire_in)), 1)::int as "expireInSeconds",
         dead_letter as "deadLetter"
       from ${quoted(former)}.job
       where state in ($1, $2) or (state = $3 and retry_count < retry_limit)
       order by name, created_on, id`,
      ['created', 'retry', 'active'],
    );
    const jobs = rows as FormerJob[];
    const byQueue = new Map<string, FormerJob[]>();
    for (const job of jobs) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
    for (const [queue, queued] of byQueue) {
      await boss.insert(queue, queued.map(asInsert));
    }
    await sql.executeSql(`drop schema ${quoted(former)} cascade`);
    return jobs.length;
  });
}

function asInsert(job: FormerJob): JobInsert {
  return {
    id: job.id,
    ...(job.data === null ? {} : { data: job.data }),
    priority: job.priority,
    retryLimit: Math.max(job.retryLimit, 0),
    retryDelay: job.retryDelay,
    retryBackoff: job.retryBackoff,
    startAfter: job.startAfter,
    ...(job.singletonKey === null ? {} : { singletonKey: job.singletonKey }),
    expireInSeconds: job.expireInSeconds,
    ...(job.deadLetter === null ? {} : { deadLetter: job.deadLetter }),
  };
}

/** A queue's settings as pg-boss 12's `create_queue` reads them, those the former one had. */
function queueOptions(queue: FormerQueue): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({
      policy: queue.policy,
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelay,
      retryBackoff: queue.retryBackoff,
      expireInSeconds: queue.expireInSeconds,
      deadLetter: queue.deadLetter,
    }).filter(([, value]) => value !== null),
  );
}

/** Each queue after its dead letter queue, which must exist first; one missing is dropped. */
function inDeadLetterOrder(queues: FormerQueue[]): FormerQueue[] {
  const names = new Set(queues.map((queue) => queue.name));
  const ordered: FormerQueue[] = [];
  const placed = new Set<string>();
  let waiting = queues.map((queue) =>
    queue.deadLetter && !names.has(queue.deadLetter) ? { ...queue, deadLetter: null } : queue,
  );
  while (waiting.length > 0) {
    const ready = waiting.filter((queue) => !queue.deadLetter || placed.has(queue.deadLetter));
    // A cycle of dead letters: the rest come without theirs.
    const next =
      ready.length > 0 ? ready : waiting.map((queue) => ({ ...queue, deadLetter: null }));
    for (const queue of next) {
      ordered.push(queue);
      placed.add(queue.name);
    }
    waiting = waiting.filter((queue) => !placed.has(queue.name));
  }
  return ordered;
}
