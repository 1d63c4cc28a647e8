import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue, type JobQueue } from '../../../server/src/jobs/job-queue';
import { notificationsRepository } from '../../../server/src/notifications/notifications-repository';
import { notificationQueue } from '../../../server/src/notifications/notifier';
import { person, type Person } from '../messaging/fixture';
import {
  sparrowAnswers,
  startFakeGateway,
  type FakeGateway,
  type GatewayAnswer,
} from '../support/fake-sms-gateway';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { eventually, sparrowSettings, textsTo, verifyNumber } from './fixture';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each stored notification goes out exactly once whatever its jobs do: a job that runs before
 * the notification is due, two jobs for one notification, a notification whose job was lost,
 * and one a stopped server had taken, handed over or not.
 */
describe.each(databaseVariants)('a notification goes once on the $name database', (variant) => {
  let server: TestServer;
  let gateway: FakeGateway;
  /** Another server's queue on the same database: it only sends jobs. */
  let otherQueue: JobQueue;
  let patient: Person & { phone: string };
  let answer: () => Promise<GatewayAnswer> = () => Promise.resolve(sparrowAnswers.queued);

  beforeAll(async () => {
    gateway = await startFakeGateway(() => answer(), '/v2/sms/');
    server = await startTestServer({
      variant,
      env: { DEMO_USERS: 'false', ...sparrowSettings(gateway) },
    });
    const who = await person(server, 'patient', { first: 'Once' });
    const phone = '9845000001';
    await verifyNumber(who, gateway, `+977${phone}`);
    const quiet = await who.client.call('PATCH', '/api/notifications/settings', {
      quietHours: { start: '00:00', end: '00:00' },
    });
    expect(quiet.status).toBe(200);
    patient = { ...who, phone };
    otherQueue = await startJobQueue(server.database, { error: () => undefined });
  }, 120_000);
  afterAll(async () => {
    await otherQueue.stop();
    await server.close();
    await gateway.close();
  });

  const notifications = () => notificationsRepository(server.database.db);

  /** The database's clock, `offsetMs` from now. */
  async function databaseNow(offsetMs = 0): Promise<Date> {
    const { rows } = await sql<{ now: Date }>`select now() as now`.execute(server.database.db);
    return new Date(rows[0]!.now.getTime() + offsetMs);
  }

  /** "The doctor is in" by text for the patient, stored as a cause would, without a job. */
  async function stored(dueAt: Date | null): Promise<string> {
    const id = await notifications().add({
      key: `doctor-is-in:${randomUUID()}:sms`,
      userId: patient.id,
      kind: 'doctor-is-in',
      channel: 'sms',
      dueAt,
      respectsQuietHours: false,
      appointmentId: null,
    });
    expect(id).not.toBeNull();
    return id!;
  }

  async function row(id: string) {
    const { rows } = await sql<{
      status: string;
      reason: string | null;
      attempts: number;
    }>`select status, reason, attempts from notifications where id = ${id}`.execute(
      server.database.db,
    );
    return rows[0];
  }

  const sentTexts = () => textsTo(gateway, patient.phone).length;

  /** Waits for the notification to leave `pending`, then a while more for a second send. */
  async function settledOnce(id: string, withinMs = 10_000) {
    const ended = await eventually(async () => {
      const now = await row(id);
      return now?.status === 'pending' ? null : now;
    }, withinMs);
    await pause(1_500);
    return ended;
  }

  it('sends a notification whose job ran before it was due, when it is due', async () => {
    const before = sentTexts();
    const id = await stored(await databaseNow(2_000));
    // A job with no start time: it runs at once, two seconds early.
    await otherQueue.send(notificationQueue, { id });
    expect(await settledOnce(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sentTexts() - before).toBe(1);
  });

  it('sends once for two jobs of one notification', async () => {
    const before = sentTexts();
    const id = await stored(null);
    await Promise.all([
      otherQueue.send(notificationQueue, { id }),
      otherQueue.send(notificationQueue, { id }),
    ]);
    expect(await settledOnce(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sentTexts() - before).toBe(1);
  });

  it('lets one of two senders take a notification at the same moment', async () => {
    const id = await stored(await databaseNow(60 * 60_000));
    await sql`update notifications set due_at = now() where id = ${id}`.execute(server.database.db);
    const claims = await Promise.all([notifications().claim(id), notifications().claim(id)]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    await notifications().finish(id, 'skipped', 'test');
  });

  it('queues again a notification past its time whose job was lost, once', async () => {
    const before = sentTexts();
    const id = await stored(await databaseNow(-10 * 60_000));
    await Promise.all([server.tasks.notificationsOverdue(), server.tasks.notificationsOverdue()]);
    expect(await settledOnce(id)).toMatchObject({ status: 'sent', attempts: 1 });
    await server.tasks.notificationsOverdue();
    await pause(1_000);
    expect(sentTexts() - before).toBe(1);
  });

  it('sends what a stopped server had taken but never handed over', async () => {
    const before = sentTexts();
    const id = await stored(await databaseNow(-60_000));
    // Taken a minute ago by a server that stopped before its request went out.
    await sql`update notifications set sending_since = now() - interval '1 minute',
      attempts = 1 where id = ${id}`.execute(server.database.db);
    await server.tasks.notificationsCutOff();
    expect(await settledOnce(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sentTexts() - before).toBe(1);
  });

  it('records as unconfirmed, never sending again, what a stopped server had handed over', async () => {
    const before = sentTexts();
    const id = await stored(await databaseNow(-60_000));
    await sql`update notifications set sending_since = now() - interval '1 minute',
      handed_at = now() - interval '59 seconds', attempts = 1 where id = ${id}`.execute(
      server.database.db,
    );
    await server.tasks.notificationsCutOff();
    expect(await row(id)).toMatchObject({ status: 'unconfirmed', reason: 'server_stopped' });
    await otherQueue.send(notificationQueue, { id });
    await server.tasks.notificationsOverdue();
    await pause(1_500);
    expect(sentTexts() - before).toBe(0);
  });

  it('marks a text as handed over while its request is out, and no longer once it ended', async () => {
    const id = await stored(null);
    let handedWhileAsked: boolean | undefined;
    answer = async () => {
      const { rows } = await sql<{ handed: boolean }>`select handed_at is not null as handed
        from notifications where id = ${id}`.execute(server.database.db);
      handedWhileAsked = rows[0]?.handed;
      return sparrowAnswers.queued;
    };
    try {
      await otherQueue.send(notificationQueue, { id });
      expect(await settledOnce(id)).toMatchObject({ status: 'sent' });
    } finally {
      answer = () => Promise.resolve(sparrowAnswers.queued);
    }
    expect(handedWhileAsked).toBe(true);
    const { rows } = await sql<{ handed: boolean }>`select handed_at is not null as handed
      from notifications where id = ${id}`.execute(server.database.db);
    expect(rows[0]?.handed).toBe(false);
  });
});
