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

  it('a server prunes old rate-limit counters, long-expired challenges and old visit signals when it starts', async () => {
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
    const patientId = randomUUID();
    const visitId = randomUUID();
    await sql`insert into "user" (id, name, email, "emailVerified")
      values (${patientId}, 'Asha', ${`${patientId}@example.com`}, true)`.execute(db);
    await sql`insert into visits (id, patient_id, status, type, priority, reason)
      values (${visitId}, ${patientId}, 'cancelled', 'video', 'routine', 'Fever')`.execute(db);
    const signal = (kind: string, age: string) => sql`
      insert into visit_signals (visit_id, from_user_id, to_user_id, body, created_at)
      values (${visitId}, ${patientId}, 'doctor', ${JSON.stringify({ kind })}, now() - ${age}::interval)`;
    await signal('old-signal', '2 days').execute(db);
    await signal('fresh-signal', '1 minute').execute(db);

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
      const signals = async () =>
        (
          await sql<{ kind: string }>`select body->>'kind' as kind from visit_signals`.execute(db)
        ).rows.map((row) => row.kind);
      await expect.poll(signals, { timeout: 10_000 }).not.toContain('old-signal');
      expect(await counters()).toContain('fresh-counter');
      expect(await challenges()).toContain('live-challenge');
      expect(await signals()).toContain('fresh-signal');
    } finally {
      await second.close();
    }
  });

  it('a server prunes the audit entries older than AUDIT_RETENTION_DAYS when it starts', async () => {
    const { db } = world.server.database;
    const entry = (id: string, daysAgo: number) => ({
      type: 'photo-read',
      action: 'R',
      outcome: 'success',
      entity_type: 'photo',
      entity_id: id,
      recorded_at: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await db
      .insertInto('audit_events')
      .values([entry('read 40 days ago', 40), entry('read 20 days ago', 20)])
      .execute();
    const second = await startSecondInstance(world, variant, { AUDIT_RETENTION_DAYS: '30' });
    try {
      const kept = async () =>
        (await db.selectFrom('audit_events').select('entity_id').execute()).map(
          (row) => row.entity_id,
        );
      await expect.poll(kept, { timeout: 10_000 }).not.toContain('read 40 days ago');
      expect(await kept()).toContain('read 20 days ago');
    } finally {
      await second.close();
    }
  });
});
