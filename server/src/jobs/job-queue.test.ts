import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { startJobQueue } from './job-queue';

const settings = {
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 30,
  pollingIntervalSeconds: 0.5,
  workers: 1,
};

describe('the job queue', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', onRejection);
  });

  it('stops while a job outlasts its wait, and the job ending later breaks nothing', async () => {
    process.on('unhandledRejection', onRejection);
    const database = await openDatabase({
      dataDir: mkdtempSync(path.join(tmpdir(), 'sewa-jobs-')),
      // The build's, when there is one: initdb on WebAssembly takes most of a minute.
      embeddedTemplate: path.resolve('dist/server/embedded-template'),
    });
    await migrateToLatest(database.db);
    const errors: object[] = [];
    const queue = await startJobQueue(database, { error: (detail) => errors.push(detail) }, 200);

    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    await queue.work('slow', settings, async () => {
      started();
      await held;
    });
    await queue.send('slow', { n: 1 });
    queue.wake('slow');
    await running;

    await queue.stop();
    // The handler ends after the queue stopped: pg-boss then stores its completion.
    finish();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(rejections).toEqual([]);
    expect(errors).toEqual([]);
    await database.close();
  }, 60_000);
});
