import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../shared/messaging';
import type { Me } from '../../../shared/profile';
import type { Visit } from '../../../shared/visits';
import { codeRequestLimits } from '../../../server/src/rate-limit/auth-limits';
import { Client, type Answer } from '../auth/client';
import { openStream, type Stream } from '../messaging/fixture';
import { jpeg } from '../support/photo-bytes';
import { startS3Server, type S3Server } from '../support/s3-server';
import { nginxPath, startNginx, upstreamPort, type Nginx } from '../support/nginx';
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process';

const postgresUrl = process.env.TEST_DATABASE_URL;
const demoPassword = 'demo-pass-2026';

/**
 * The deployment the README describes: nginx (deploy/nginx/sewa.conf) balancing two app
 * server processes on one PostgreSQL database. Everything below goes through nginx, as a
 * phone's requests would.
 */
describe.runIf(postgresUrl && nginxPath)('two app servers behind nginx on one PostgreSQL', () => {
  const name = `sewa_nginx_${process.pid}`;
  /** Each server's own DATA_DIR: nothing on one server's disk is needed by the other. */
  let dataDirs: string[];
  let database: ScratchDatabase;
  let s3: S3Server;
  let servers: ServerProcess[] = [];
  let nginx: Nginx;
  const streams: Stream[] = [];
  /**
   * How to undo each thing the setup started, added as each one starts: a setup that fails
   * halfway leaves no server, nginx, database or folder behind, and the cleanup of one thing
   * runs whatever happened to another's.
   */
  const cleanups: (() => unknown)[] = [];
  const started = (server: ServerProcess) => {
    cleanups.push(() => stopServerProcess(server));
    return server;
  };

  beforeAll(async () => {
    dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'sewa-nginx-app-')));
    cleanups.push(() => {
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    });
    database = await scratchDatabase(postgresUrl!, name);
    cleanups.push(() => database.drop());
    s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    const env = {
      NODE_ENV: 'test',
      ...s3.env,
      DATABASE_URL: database.url,
      AUTH_SECRET: 'behind-nginx-secret-'.padEnd(40, 'x'),
      // nginx on loopback is the one proxy whose X-Forwarded-For the servers believe.
      TRUST_PROXY: '127.0.0.1',
    };
    // The first one creates the schema and the demo accounts; then the second joins. Both
    // learn nginx's address as their public one once it is up, so they start again after.
    const first = started(
      await startServerProcess({ ...env, DATA_DIR: dataDirs[0]!, DEMO_USERS: 'true' }),
    );
    const second = started(
      await startServerProcess({ ...env, DATA_DIR: dataDirs[1]!, DEMO_USERS: 'false' }),
    );
    nginx = await startNginx([first.port, second.port]);
    cleanups.push(() => nginx.stop());
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
    servers = await Promise.all(
      [first.port, second.port].map((port, index) =>
        startServerProcess({
          ...env,
          DATA_DIR: dataDirs[index]!,
          DEMO_USERS: 'false',
          PUBLIC_URL: nginx.url,
          PORT: String(port),
        }).then(started),
      ),
    );
  }, 300_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    // Last started, first stopped: the app servers, then nginx, the store, the database.
    const failures: unknown[] = [];
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'The cleanup failed');
  }, 60_000);

  const ports = () => servers.map((server) => server.port);

  async function signIn(email: string): Promise<Client> {
    const client = new Client(nginx.url);
    const answer = await client.post('/api/auth/sign-in/email', { email, password: demoPassword });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return client;
  }

  /**
   * Makes the next request through nginx go to the server on `port`: round-robin alternates,
   * so once an answer came from the other server, the next one is this one's. Reads only.
   */
  async function nextGoesTo(port: number): Promise<void> {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const health = await fetch(`${nginx.url}/api/health`);
      if (upstreamPort(health.headers) !== port) return;
    }
    throw new Error(`nginx keeps sending requests to the server on port ${port}`);
  }

  /** One call through nginx that the server on `port` answers. */
  async function callOn<T>(port: number, call: () => Promise<Answer<T>>): Promise<Answer<T>> {
    await nextGoesTo(port);
    const answer = await call();
    expect(upstreamPort(answer.headers)).toBe(port);
    return answer;
  }

  /** A push stream through nginx, with the port of the server that holds it. */
  async function stream(client: Client, url: string) {
    const opened = await openStream(`${nginx.url}${url}`, client.cookieHeader());
    streams.push(opened);
    await opened.next((event) => event.event === 'ready');
    return { stream: opened, port: upstreamPort(opened.headers) };
  }

  it('keeps a session made on one server on the other', async () => {
    const patient = await signIn('patient@example.com');
    for (const port of ports()) {
      const me = await callOn(port, () => patient.get<Me>('/api/me'));
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe('patient@example.com');
    }
    // Signed out through one, the session is gone on both.
    const [first, second] = ports();
    await callOn(first!, () => patient.post('/api/auth/sign-out', {}));
    const after = await callOn(second!, () => patient.get('/api/me'));
    expect(after.status).toBe(401);
  });

  it('serves a photo sent through one server from the other, out of the shared object store', async () => {
    const patient = await signIn('patient@example.com');
    const [first, second] = ports();
    const id = crypto.randomUUID();
    await nextGoesTo(first!);
    const stored = await fetch(`${nginx.url}/api/uploads/${id}`, {
      method: 'PUT',
      headers: {
        origin: nginx.url,
        cookie: patient.cookieHeader(),
        'content-type': 'image/jpeg',
      },
      body: jpeg,
    });
    const answer = await stored.text();
    expect(stored.status, answer).toBe(201);
    expect(upstreamPort(stored.headers)).toBe(first);
    const { url, byteSize } = JSON.parse(answer) as { url: string; byteSize: number };

    await nextGoesTo(second!);
    const fetched = await fetch(`${nginx.url}${url}`, {
      headers: { cookie: patient.cookieHeader() },
    });
    expect(fetched.status).toBe(200);
    expect(upstreamPort(fetched.headers)).toBe(second);
    expect((await fetched.arrayBuffer()).byteLength).toBe(byteSize);
  });

  it('pushes a message sent through one server to a subscriber held by the other', async () => {
    const patient = await signIn('patient@example.com');
    const doctor = await signIn('doctor@example.com');
    const held = await stream(doctor, '/api/messaging/events');
    expect(ports()).toContain(held.port);
    const other = ports().find((port) => port !== held.port)!;

    const created = await patient.post<{ conversation: Conversation }>('/api/messaging/care-team');
    const conversationId = created.body.conversation.id;
    const sent = await callOn(other, () =>
      patient.post<Message>(`/api/messaging/conversations/${conversationId}/messages`, {
        id: crypto.randomUUID(),
        content: 'Sent through the other server',
      }),
    );
    expect(sent.status).toBe(201);
    const pushed = await held.stream.next(
      (event) =>
        event.event === 'message' && (JSON.parse(event.data) as Message).id === sent.body.id,
    );
    expect(JSON.parse(pushed.data)).toEqual(sent.body);
  });

  it('ends at once a stream held by one server when its session is signed out through the other', async () => {
    const patient = await signIn('patient@example.com');
    const held = await stream(patient, '/api/messaging/events');
    const other = ports().find((port) => port !== held.port)!;
    const signedOut = await callOn(other, () => patient.post('/api/auth/sign-out', {}));
    expect(signedOut.status).toBe(200);
    // Not at the stream's own check, a minute later.
    expect(await held.stream.endsWithin(10_000)).toBe(true);
  });

  it('counts a limit once across both servers', async () => {
    // So many one-time codes per e-mail address in ten minutes: each server sees only some.
    const codesPerEmail = codeRequestLimits['/email-otp/send-verification-otp']!.pair.max;
    const email = `limited-${Date.now()}@example.com`;
    const client = new Client(nginx.url);
    const seen = new Set<number>();
    const statuses: number[] = [];
    for (let i = 0; i <= codesPerEmail; i += 1) {
      const answer = await client.post('/api/auth/email-otp/send-verification-otp', {
        email,
        type: 'sign-in',
      });
      seen.add(upstreamPort(answer.headers));
      statuses.push(answer.status);
    }
    expect(seen).toEqual(new Set(ports()));
    expect(statuses).toEqual([...Array<number>(codesPerEmail).fill(200), 429]);
  });

  it('tells the patient held by one server that a doctor started the visit on the other', async () => {
    const patient = await signIn('patient@example.com');
    const doctor = await signIn('doctor@example.com');
    const held = await stream(patient, '/api/visits/events');
    const other = ports().find((port) => port !== held.port)!;
    const joined = await patient.post<Visit>('/api/visits', { reason: 'Cough for a week' });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const started = await callOn(other, () =>
      doctor.post<Visit>(`/api/visits/${joined.body.id}/start`),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const told = await held.stream.next(
      (event) =>
        event.event === 'visit' &&
        (JSON.parse(event.data) as { id: string; status: string }).status === 'waiting',
    );
    expect((JSON.parse(told.data) as { id: string }).id).toBe(joined.body.id);
    await patient.post(`/api/visits/${joined.body.id}/cancel`);
  });

  it('loses nothing when a server is killed during a stream of sends', async () => {
    const patient = await signIn('patient@example.com');
    const doctor = await signIn('doctor@example.com');
    const created = await patient.post<{ conversation: Conversation }>('/api/messaging/care-team');
    const conversationId = created.body.conversation.id;
    const before = await doctor.get<Message[]>(
      `/api/messaging/conversations/${conversationId}/messages`,
    );
    const held = await stream(doctor, '/api/messaging/events');
    const victim = servers.find((server) => server.port === held.port)!;

    // The phone's way: each message has its id from the start and is sent until an answer
    // comes back, whatever happened to the server that had it.
    const acknowledged: string[] = [];
    async function send(index: number) {
      const id = crypto.randomUUID();
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await patient
          .post<Message>(`/api/messaging/conversations/${conversationId}/messages`, {
            id,
            content: `Message ${index}`,
          })
          .catch(() => null);
        if (answer && (answer.status === 201 || answer.status === 200)) {
          acknowledged.push(answer.body.id);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`Message ${index} was never acknowledged`);
    }

    const total = 40;
    for (let index = 0; index < total; index += 1) {
      if (index === 15) victim.child.kill('SIGKILL');
      await send(index);
    }
    expect(acknowledged).toHaveLength(total);

    // The stream on the killed server ended; reconnecting lands on the survivor, which
    // has every message.
    await held.stream.ended;
    const again = await stream(doctor, '/api/messaging/events');
    expect(again.port).not.toBe(victim.port);
    const stored = await doctor.get<Message[]>(
      `/api/messaging/conversations/${conversationId}/messages`,
    );
    expect(stored.status).toBe(200);
    const fresh = stored.body.slice(before.body.length);
    const ids = fresh.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...acknowledged].sort());
    expect(fresh.map((message) => message.content)).toEqual(
      Array.from({ length: total }, (_, index) => `Message ${index}`),
    );

    // And the survivor keeps pushing.
    const after = await patient.post<Message>(
      `/api/messaging/conversations/${conversationId}/messages`,
      {
        id: crypto.randomUUID(),
        content: 'After the crash',
      },
    );
    expect(after.status).toBe(201);
    await again.stream.next(
      (event) =>
        event.event === 'message' && (JSON.parse(event.data) as Message).id === after.body.id,
    );
  }, 120_000);
});
