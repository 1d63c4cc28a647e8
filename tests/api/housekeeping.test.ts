import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthWorld, startSecondInstance, type AuthWorld } from './auth/fixture';
import { unconfirmedAccountDays } from '../../server/src/auth/better-auth';
import { databaseVariants, startTestServer } from './support/test-server';

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
  it('a server prunes accounts left unconfirmed for a week, with their pending links and codes', async () => {
    const { db } = world.server.database;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const old = unconfirmedAccountDays + 1;
    const account = async (label: string, verified: boolean, createdDaysAgo: number) => {
      const id = randomUUID();
      const email = `${label}-${id}@example.com`;
      await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
        values (${id}, '', ${email}, ${verified}, ${daysAgo(createdDaysAgo)}, now())`.execute(db);
      return { id, email };
    };
    const link = (userId: string, mailedDaysAgo: number) =>
      db
        .insertInto('confirmation_links')
        .values({ user_id: userId, token_hash: randomUUID(), mailed_at: daysAgo(mailedDaysAgo) })
        .execute();
    const verification = (identifier: string, value: string) => sql`
      insert into "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
      values (${randomUUID()}, ${identifier}, ${value}, now() + interval '1 hour', now(), now())`;

    const abandoned = await account('abandoned', false, old);
    await link(abandoned.id, old);
    await verification(`reset-password:${randomUUID()}`, abandoned.id).execute(db);
    await verification(`sign-in-otp-${abandoned.email}`, 'hash:0').execute(db);
    const confirmed = await account('confirmed', true, old);
    const signedIn = await account('with-session', false, old);
    await sql`insert into "session" ("id", "expiresAt", "token", "updatedAt", "userId")
      values (${randomUUID()}, now() + interval '1 day', ${randomUUID()}, now(), ${signedIn.id})`.execute(
      db,
    );
    const fresh = await account('fresh', false, 1);
    await link(fresh.id, 1);
    const mailedAgain = await account('mailed-again', false, old);
    await link(mailedAgain.id, 1);
    const stranger = `stranger-${randomUUID()}@example.com`;
    await verification(`sign-in-otp-${stranger}`, 'hash:0').execute(db);

    const second = await startSecondInstance(world, variant);
    try {
      const accounts = async () =>
        (await db.selectFrom('user').select('id').execute()).map((row) => row.id);
      await expect.poll(accounts, { timeout: 10_000 }).not.toContain(abandoned.id);
      expect(await accounts()).toEqual(
        expect.arrayContaining([confirmed.id, signedIn.id, fresh.id, mailedAgain.id]),
      );
      const links = (await db.selectFrom('confirmation_links').select('user_id').execute()).map(
        (row) => row.user_id,
      );
      expect(links).not.toContain(abandoned.id);
      expect(links).toEqual(expect.arrayContaining([fresh.id, mailedAgain.id]));
      const pending = (
        await sql<{ identifier: string; value: string }>`
          select "identifier", "value" from "verification"`.execute(db)
      ).rows;
      expect(pending.filter((row) => row.value === abandoned.id)).toEqual([]);
      expect(pending.map((row) => row.identifier)).not.toContain(`sign-in-otp-${abandoned.email}`);
      expect(pending.map((row) => row.identifier)).toContain(`sign-in-otp-${stranger}`);
    } finally {
      await second.close();
    }
  });

  it('a server that closes at once logs no failure of work still running on its database', async () => {
    const lines: string[] = [];
    const server = await startTestServer({
      variant,
      logDestination: { write: (line) => void lines.push(line) },
    });
    await server.close();
    // Long enough for a start-up query left running to reach the closed database.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const problems = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level >= 40);
    expect(problems).toEqual([]);
  });
});
