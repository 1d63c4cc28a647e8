import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../shared/messaging';
import { Client } from './auth/client';
import { openStream, type Stream } from './messaging/fixture';
import { scratchDatabase, type ScratchDatabase } from './support/scratch-database';
import {
  startServerProcess as startProcess,
  stopServerProcess as stopProcess,
  type ServerProcess,
} from './support/server-process';

const postgresUrl = process.env.TEST_DATABASE_URL;
const demoPassword = 'demo-pass-2026';

async function signIn(url: string, email: string): Promise<Client> {
  const client = new Client(url);
  const answer = await client.post('/api/auth/sign-in/email', { email, password: demoPassword });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

describe.runIf(postgresUrl)('messages across two server processes on one PostgreSQL', () => {
  const name = `sewa_messaging_${process.pid}`;
  let dataDir: string;
  let database: ScratchDatabase;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  const streams: Stream[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-processes-'));
    database = await scratchDatabase(postgresUrl!, name);
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      AUTH_SECRET: 'two-processes-secret-'.padEnd(40, 'x'),
    };
    // The first one creates the schema and the demo accounts; then the second joins.
    first = await startProcess({ ...env, DEMO_USERS: 'true' });
    second = await startProcess({ ...env, DEMO_USERS: 'false' });
  }, 240_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await stopProcess(first);
    await stopProcess(second);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pushes a message sent through one process to a subscriber on the other, both ways', async () => {
    const patient = await signIn(first!.url, 'patient@example.com');
    const doctor = await signIn(second!.url, 'doctor@example.com');
    const doctorStream = await openStream(
      `${second!.url}/api/messaging/events`,
      doctor.cookieHeader(),
    );
    const patientStream = await openStream(
      `${first!.url}/api/messaging/events`,
      patient.cookieHeader(),
    );
    streams.push(doctorStream, patientStream);
    await doctorStream.next((event) => event.event === 'ready');
    await patientStream.next((event) => event.event === 'ready');

    const created = await patient.post<{ conversation: Conversation }>('/api/messaging/care-team');
    const conversationId = created.body.conversation.id;
    const sent = await patient.post<Message>(
      `/api/messaging/conversations/${conversationId}/messages`,
      {
        id: crypto.randomUUID(),
        content: 'Hello from the first process',
      },
    );
    expect(sent.status).toBe(201);
    const pushed = await doctorStream.next(
      (event) =>
        event.event === 'message' && (JSON.parse(event.data) as Message).id === sent.body.id,
    );
    expect(JSON.parse(pushed.data)).toEqual(sent.body);

    const answer = await doctor.post<Message>(
      `/api/messaging/conversations/${conversationId}/messages`,
      {
        id: crypto.randomUUID(),
        content: 'And back from the second',
      },
    );
    expect(answer.status).toBe(201);
    const back = await patientStream.next(
      (event) =>
        event.event === 'message' && (JSON.parse(event.data) as Message).id === answer.body.id,
    );
    expect((JSON.parse(back.data) as Message).content).toBe('And back from the second');
  });
});
