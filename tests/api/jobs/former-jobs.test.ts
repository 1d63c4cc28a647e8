import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import FormerBoss from 'pg-boss-v10';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database';
import {
  formerJobSchemaFor,
  jobSchemaFor,
  startJobQueue,
  type JobQueue,
} from '../../../server/src/jobs/job-queue';
import { notificationQueueSettings } from '../../../server/src/notifications/notification-sender';
import { notificationQueue } from '../../../server/src/notifications/notifier';
import { databaseVariants, droppingSchemas } from '../support/test-server';

const builtEmbeddedTemplate = path.resolve('dist/server/embedded-template');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A database the job queue of pg-boss 10 wrote, with jobs of the notification queue still
 * pending, starts on pg-boss 12: the jobs move to its schema once, even with two servers
 * starting at the same moment, and each runs exactly once.
 */
describe.each(databaseVariants)('jobs pending on pg-boss 10, on the $name database', (variant) => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  /** Two servers' databases: two connection pools on PostgreSQL, the one embedded database. */
  async function databases(): Promise<[DatabaseHandle, DatabaseHandle, string]> {
    const url = variant.url;
    if (url) {
      const schema = `test_${process.pid}_${Date.now() % 1_000_000}_jobs_move`;
      const open = () => openDatabase({ databaseUrl: url, dataDir: tmpdir(), schema: schema });
      const [first, second] = [await open(), await open()];
      closing.push(async () => {
        await Promise.all([first.close(), second.close()]);
        await droppingSchemas(url, async (db) => {
          for (const name of [schema, jobSchemaFor(schema), formerJobSchemaFor(schema)]) {
            await sql`drop schema if exists ${sql.id(name)} cascade`.execute(db);
          }
        });
      });
      return [first, second, schema];
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-jobs-move-'));
    const database = await openDatabase({ dataDir, embeddedTemplate: builtEmbeddedTemplate });
    closing.push(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return [database, database, 'public'];
  }

  /** pg-boss 10 as the app ran it, leaving behind jobs in each state. */
  async function formerJobs(database: DatabaseHandle, schema: string) {
    const boss = new FormerBoss({
      db: database.rawSql,
      schema: formerJobSchemaFor(schema),
      schedule: false,
      supervise: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue(notificationQueue, {
      name: notificationQueue,
      retryLimit: notificationQueueSettings.retryLimit,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: notificationQueueSettings.expireInSeconds,
    });
    const send = (id: string, options: FormerBoss.SendOptions = {}) =>
      boss.send(notificationQueue, { id }, options);
    const take = async () => {
      const [job] = await boss.fetch(notificationQueue);
      return job!;
    };

    // Taken and completed, failed for good: ended, never run again.
    await send('completed');
    await boss.complete(notificationQueue, (await take()).id);
    await send('failed', { retryLimit: 0 });
    await boss.fail(notificationQueue, (await take()).id);
    // Taken by a server that stopped, on its last try: the former queue would have failed it.
    await send('active, last try', { retryLimit: 0, expireInSeconds: 1 });
    const lastTry = await take();
    // Taken by a server that stopped, its time up: to run again.
    await send('active, expired', { expireInSeconds: 1 });
    const expired = await take();
    // Failed once, to be tried again.
    await send('retry', { retryLimit: 2, retryDelay: 1 });
    await boss.fail(notificationQueue, (await take()).id);
    // Waiting: due now, due in a few seconds, and one under a singleton key.
    await send('due');
    const laterSentAt = Date.now();
    await send('later', { startAfter: 4 });
    await send('single', { singletonKey: 'doctor-is-in:1' });
    await boss.stop({ graceful: false, wait: true, close: false });
    await pause(1_500);
    return { lastTry: lastTry.id, expired: expired.id, laterSentAt };
  }

  it('moves them across once and runs each exactly once, with two servers starting at once', async () => {
    const [first, second, schema] = await databases();
    const former = await formerJobs(first, schema);
    const due = ['active, expired', 'retry', 'due', 'later', 'single'];

    const runs: { id: string; at: number }[] = [];
    const moved: number[] = [];
    const queues: JobQueue[] = [];
    const startBoth = () =>
      Promise.all(
        [first, second].map(async (database) => {
          const queue = await startJobQueue(database, {
            error: (detail) => console.error(detail),
            info: (detail) => moved.push((detail as { jobs: number }).jobs),
          });
          queues.push(queue);
          closing.push(() => queue.stop());
          await queue.work<{ id: string }>(
            notificationQueue,
            { ...notificationQueueSettings, retryDelaySeconds: 1 },
            ({ id }) => {
              runs.push({ id, at: Date.now() });
              return Promise.resolve();
            },
          );
        }),
      );
    // The move drops pg-boss 10's schema: on a shared PostgreSQL server, not while another
    // test server's migration looks through the schemas.
    if (variant.url) await droppingSchemas(variant.url, startBoth);
    else await startBoth();

    const deadline = Date.now() + 30_000;
    while (due.some((id) => !runs.some((run) => run.id === id)) && Date.now() < deadline) {
      for (const queue of queues) queue.wake(notificationQueue);
      await pause(250);
    }
    // Time for a second run of any of them to show.
    await pause(2_000);

    expect(moved).toEqual([due.length]);
    expect(runs.map((run) => run.id).sort()).toEqual([...due].sort());
    // Kept its start: not run before its time.
    expect(runs.find((run) => run.id === 'later')!.at).toBeGreaterThanOrEqual(
      former.laterSentAt + 3_500,
    );

    const { rows } = await first.rawSql.executeSql(`select to_regclass($1) is null as gone`, [
      `${formerJobSchemaFor(schema)}.job`,
    ]);
    expect(rows).toEqual([{ gone: true }]);
    const jobs = await first.rawSql.executeSql(
      `select id::text, data->>'id' as name, singleton_key as "singletonKey",
         retry_limit as "retryLimit"
       from ${jobSchemaFor(schema)}.job where name = $1 order by data->>'id'`,
      [notificationQueue],
    );
    const byName = new Map(
      (
        jobs.rows as { id: string; name: string; singletonKey: string | null; retryLimit: number }[]
      ).map((job) => [job.name, job]),
    );
    expect(byName.get('single')!.singletonKey).toBe('doctor-is-in:1');
    // The same job, its try under way counted.
    expect(byName.get('active, expired')!.id).toBe(former.expired);
    expect(byName.get('active, expired')!.retryLimit).toBe(
      notificationQueueSettings.retryLimit - 1,
    );
    expect(byName.get('retry')!.retryLimit).toBe(1);
    expect(byName.has('active, last try')).toBe(false);
  }, 120_000);

  it('starts with nothing to move on a database that never had pg-boss 10', async () => {
    const [database] = await databases();
    const moved: number[] = [];
    const queue = await startJobQueue(database, {
      error: () => undefined,
      info: (detail) => moved.push((detail as { jobs: number }).jobs),
    });
    closing.push(() => queue.stop());
    expect(moved).toEqual([]);
  }, 120_000);
});
