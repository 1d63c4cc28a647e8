import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database';
import type { Visit } from '../../../shared/visits';
import { Client } from '../auth/client';
import {
  sparrowAnswers,
  startFakeGateway,
  type FakeGateway,
  type GatewayAnswer,
  type GatewayRequest,
} from '../support/fake-sms-gateway';
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { eventually, sparrowSettings, textsTo } from './fixture';

const postgresUrl = process.env.TEST_DATABASE_URL;
const demoPassword = 'demo-pass-2026';
/** The demo patient's number for these tests, verified by its code like any other. */
const phone = '9841234567';

/**
 * A server killed with SIGKILL neither loses nor doubles a text: killed while the gateway
 * holds a text it sent, the restarted server does not send it again; killed while a text
 * waits in the queue for its next try, the restarted server sends it once.
 */
describe.runIf(postgresUrl)('notifications when a server is killed mid-send', () => {
  let database: ScratchDatabase;
  let handle: DatabaseHandle;
  let gateway: FakeGateway;
  let answer: (request: GatewayRequest) => Promise<GatewayAnswer> = () =>
    Promise.resolve(sparrowAnswers.queued);
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-killed-'));

  const start = async (demoUsers: boolean) => {
    server = await startServerProcess({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      // The same secret across restarts: sessions outlive the process, as in production.
      AUTH_SECRET: 'killed-mid-send-secret-'.padEnd(40, 'x'),
      DEMO_USERS: String(demoUsers),
      ...sparrowSettings(gateway),
    });
    return server;
  };

  const signIn = async (email: string) => {
    const client = new Client(server!.url);
    const answered = await client.post('/api/auth/sign-in/email', {
      email,
      password: demoPassword,
    });
    expect(answered.status).toBe(200);
    return client;
  };

  /** The patient waits, the doctor starts the visit: "the doctor is in" is due at once. */
  async function doctorIsIn(patient: Client, doctor: Client): Promise<string> {
    const visit = await patient.post<Visit>('/api/visits', { reason: 'Fever' });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    expect((await doctor.post(`/api/visits/${visit.body.id}/start`)).status).toBe(200);
    return visit.body.id;
  }

  async function smsRow(visitId: string) {
    const { rows } = await sql<{ status: string; reason: string | null }>`select status, reason
      from notifications where idempotency_key = ${`doctor-is-in:${visitId}:sms`}`.execute(
      handle.db,
    );
    return rows[0];
  }

  beforeAll(async () => {
    database = await scratchDatabase(postgresUrl!, `sewa_killed_${process.pid}`);
    gateway = await startFakeGateway((request) => answer(request), '/v2/sms/');
    await start(true);
    handle = await openDatabase({ databaseUrl: database.url, dataDir });
    const patient = await signIn('patient@example.com');
    const sent = await patient.post('/api/auth/phone-number/send-otp', {
      phoneNumber: `+977${phone}`,
    });
    expect(sent.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(textsTo(gateway, phone)[0] ?? '')?.[1];
    const verified = await patient.post('/api/auth/phone-number/verify', {
      phoneNumber: `+977${phone}`,
      code,
      updatePhoneNumber: true,
    });
    expect(verified.status).toBe(200);
    await patient.call('PATCH', '/api/notifications/settings', {
      quietHours: { start: '00:00', end: '00:00' },
    });
  }, 180_000);

  afterAll(async () => {
    await stopServerProcess(server, 'SIGKILL');
    await handle.close();
    await gateway.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not send again what the gateway had when the server died', async () => {
    let release: (() => void) | undefined;
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve(sparrowAnswers.queued);
      });
    const patient = await signIn('patient@example.com');
    const doctor = await signIn('doctor@example.com');
    const visitId = await doctorIsIn(patient, doctor);
    // The gateway has the text and has not answered: the server is killed now.
    await eventually(() => Promise.resolve(release !== undefined));
    await stopServerProcess(server, 'SIGKILL');
    answer = () => Promise.resolve(sparrowAnswers.queued);
    release?.();
    await start(false);

    // The job a dead server held is given out again once it expires; the row says the gateway
    // may have the text, so it is recorded as unconfirmed, never sent twice.
    const row = await eventually(async () => {
      const now = await smsRow(visitId);
      return now?.status === 'pending' ? null : now;
    }, 150_000);
    expect(row).toEqual({ status: 'unconfirmed', reason: 'server_stopped' });
    expect(textsTo(gateway, phone)).toHaveLength(2);

    // The visit ends for the next test: the patient cancels it.
    expect(
      (await (await signIn('patient@example.com')).post(`/api/visits/${visitId}/cancel`)).status,
    ).toBe(200);
  }, 240_000);

  it('sends once, after the restart, a text that waited in the queue for its next try', async () => {
    let refused = false;
    answer = () => {
      if (refused) return Promise.resolve(sparrowAnswers.queued);
      refused = true;
      return Promise.resolve({ status: 503, body: { response_code: 5000 } });
    };
    const before = textsTo(gateway, phone).length;
    const patient = await signIn('patient@example.com');
    const doctor = await signIn('doctor@example.com');
    const visitId = await doctorIsIn(patient, doctor);
    // Refused for now: once that is recorded, the text waits for its next try, and the
    // server is killed meanwhile.
    await eventually(async () => {
      const { rows } = await sql<{ waiting: boolean }>`select sending_since is null
        and attempts = 1 as waiting from notifications
        where idempotency_key = ${`doctor-is-in:${visitId}:sms`}`.execute(handle.db);
      return refused && rows[0]?.waiting === true;
    });
    await stopServerProcess(server, 'SIGKILL');
    await start(false);

    const row = await eventually(async () => {
      const now = await smsRow(visitId);
      return now?.status === 'pending' ? null : now;
    }, 150_000);
    expect(row).toEqual({ status: 'sent', reason: null });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The refused try and the one that went.
    expect(textsTo(gateway, phone).length - before).toBe(2);
  }, 240_000);
});
