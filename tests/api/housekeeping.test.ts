import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthWorld, startSecondInstance, type AuthWorld } from './auth/fixture';
import { databaseVariants } from './support/test-server';

describe.each(databaseVariants)('tables that only grow, on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  it('a server prunes old rate-limit counters and long-expired challenges when it starts', async () => {
    const { db } = world.server.database;
    await db
      .insertInto('rate_limit_counters')
      .values([
        { key: 'old-counter', hits: 3, window_started_at: new Date(Date.now() - 3 * 86_400_000) },
        { key: 'fresh-counter', hits: 3, window_started_at: new Date() },
      ])
      .execute();
    const verification = (identifier: string, expiresAt: Date) => sql`
      insert into "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
      values (${randomUUID()}, ${identifier}, 'challenge', ${expiresAt}, now(), now())`;
    await verification('old-challenge', new Date(Date.now() - 2 * 86_400_000)).execute(db);
    await verification('live-challenge', new Date(Date.now() + 600_000)).execute(db);

    const second = await startSecondInstance(world, variant);
    try {
      const counters = async () =>
        (await db.selectFrom('rate_limit_counters').select('key').execute()).map((row) => row.key);
      const challenges = async () =>
        (
          await sql<{ identifier: string }>`select "identifier" from "verification"`.execute(db)
        ).rows.map((row) => row.identifier);
      await expect.poll(counters, { timeout: 10_000 }).not.toContain('old-counter');
      await expect.poll(challenges, { timeout: 10_000 }).not.toContain('old-challenge');
      expect(await counters()).toContain('fresh-counter');
      expect(await challenges()).toContain('live-challenge');
    } finally {
      await second.close();
    }
  });
});
