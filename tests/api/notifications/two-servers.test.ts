import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database';
import { jobSchemaFor } from '../../../server/src/jobs/job-queue';
import type { Visit } from '../../../shared/visits';
import { allDay, book, saveHours, slotAhead } from '../appointments/fixture';
import { Client } from '../auth/client';
import { password, person, type Person } from '../messaging/fixture';
import { sparrowAnswers, startFakeGateway, type FakeGateway } from '../support/fake-sms-gateway';
import { freePort, startTestServer, type TestServer } from '../support/test-server';
import { eventually, sparrowSettings, textsTo, verifyNumber } from './fixture';

const postgresUrl = process.env.TEST_DATABASE_URL;
const hour = 60 * 60_000;

/**
 * Two app servers on one PostgreSQL, each with its own connection pool and its own worker on
 * the one job queue, as two processes behind a load balancer are: each notification goes out
 * once.
 */
describe.runIf(postgresUrl)('notifications from two servers on one PostgreSQL', () => {
  let server: TestServer;
  let second: { app: App; database: DatabaseHandle; url: string };
  let gateway: FakeGateway;
  let doctors: Client[];
  let doctor: Person;

  beforeAll(async () => {
    gateway = await startFakeGateway(() => sparrowAnswers.queued, '/v2/sms/');
    const variant = { name: 'postgres' as const, url: postgresUrl! };
    server = await startTestServer({
      variant,
      env: { DEMO_USERS: 'false', ...sparrowSettings(gateway) },
    });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      server.database.db,
    );
    const port = await freePort();
    const database = await openDatabase({
      databaseUrl: postgresUrl,
      dataDir: server.dataDir,
      schema: rows[0]!.schema,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: server.dataDir,
      AUTH_SECRET: server.config.authSecret,
      DATABASE_URL: postgresUrl,
      DEMO_USERS: 'false',
      ...sparrowSettings(gateway),
    });
    const app = await buildApp({ config, database });
    await app.server.listen({ port, host: '127.0.0.1' });
    second = { app, database, url: `http://127.0.0.1:${port}` };

    doctor = await person(server, 'doctor', { first: 'Ram' });
    const there = new Client(second.url);
    const signIn = await there.post('/api/auth/sign-in/email', { email: doctor.email, password });
    expect(signIn.status).toBe(200);
    doctors = [doctor.client, there];
    await saveHours(doctor, doctor.id, allDay);
  }, 180_000);

  afterAll(async () => {
    await second.app.server.close();
    await second.database.close();
    await server.close();
    await gateway.close();
  });

  async function patient(index: number): Promise<Person & { phone: string }> {
    const who = await person(server, 'patient', { first: `Two ${index}` });
    // One number per patient: the account system keeps numbers unique.
    const phone = `98${String(10_000_000 + index)}`;
    await verifyNumber(who, gateway, `+977${phone}`);
    await who.client.call('PATCH', '/api/notifications/settings', {
      quietHours: { start: '00:00', end: '00:00' },
    });
    return { ...who, phone };
  }

  it('sends "the doctor is in" once to each patient, whichever server takes it', async () => {
    const patients = await Promise.all(Array.from({ length: 8 }, (_, index) => patient(index)));
    for (const [index, who] of patients.entries()) {
      const visit = await who.client.post<Visit>('/api/visits', { reason: 'Cough' });
      expect(visit.status).toBe(201);
      const started = await doctors[index % 2]!.post(`/api/visits/${visit.body.id}/start`);
      expect(started.status).toBe(200);
    }
    await eventually(() =>
      Promise.resolve(patients.every((who) => textsTo(gateway, who.phone).length >= 2)),
    );
    // Both workers keep polling a while longer: nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const who of patients) expect(textsTo(gateway, who.phone)).toHaveLength(2);
  }, 120_000);

  it('sends a reminder that falls due once', async () => {
    const who = await patient(100);
    const slot = await slotAhead(who, doctor.id, 3 * hour);
    await book(who, doctor.id, slot.startsAt);
    await eventually(() => Promise.resolve(textsTo(gateway, who.phone).length === 2));

    // The hour passes: the reminder an hour before the start, and its job, fall due now.
    const { rows } = await sql<{ id: string }>`update notifications set due_at = now()
      where user_id = ${who.id} and kind = 'appointment-in-an-hour' and channel = 'sms'
      returning id`.execute(server.database.db);
    const id = rows[0]!.id;
    const { rows: schema } = await sql<{
      schema: string;
    }>`select current_schema() as schema`.execute(server.database.db);
    await sql`update ${sql.table(`${jobSchemaFor(schema[0]!.schema)}.job`)} set start_after = now()
      where data->>'id' = ${id}`.execute(server.database.db);

    await eventually(() => Promise.resolve(textsTo(gateway, who.phone).length === 3));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const texts = textsTo(gateway, who.phone);
    expect(texts).toHaveLength(3);
    expect(texts[2]).toMatch(/^Sewa: Reminder: your appointment is in one hour/);
  }, 120_000);
});
