import { createConfirmedAccount, passwordHashOf } from '../../../server/src/auth/better-auth';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchemaFor } from '../../../server/src/jobs/job-queue';
import { droppingSchemas, startTestServer, type TestServer } from '../support/test-server';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const databaseUrl = process.env.TEST_DATABASE_URL;

interface Outcome {
  status: number;
  body: string;
}

async function get(url: string, cookie: string): Promise<Outcome> {
  try {
    const response = await fetch(url, { headers: { cookie } });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

/** `clients` callers asking in a loop until `stop()`; every answer is kept. */
function load(url: string, cookie: string, clients: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const done = Promise.all(
    Array.from({ length: clients }, async () => {
      while (running) outcomes.push(await get(url, cookie));
    }),
  );
  return {
    outcomes,
    async stop() {
      running = false;
      await done;
    },
  };
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe.skipIf(databaseUrl === undefined)('the PostgreSQL server going away under load', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let cookie = '';

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(databaseUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startTestServer({
      variant: { name: 'postgres', url: viaProxy.toString() },
      // The outage is expected: its warnings would bury the test's own report.
      env: { DEMO_USERS: 'false', LOG_LEVEL: 'error' },
    });
    await createConfirmedAccount(server.auth, {
      email: 'outage@example.com',
      passwordHash: await passwordHashOf(server.auth, 'outage-pass-2026'),
    });
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'outage@example.com', password: 'outage-pass-2026' }),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  });

  afterAll(async () => {
    proxy.restore();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`
      .execute(server.database.db)
      .catch(() => ({ rows: [] }));
    await server.close().catch(() => undefined);
    await proxy.close();
    // Straight to the server, in case the proxy let the test server's own clean-up down:
    // a schema left behind would confuse the migrations of later test runs.
    const schema = rows[0]?.schema;
    if (schema?.startsWith('test_')) {
      await droppingSchemas(databaseUrl!, (db) =>
        sql`drop schema if exists ${sql.id(schema)}, ${sql.id(jobSchemaFor(schema))} cascade`.execute(
          db,
        ),
      );
    }
  });

  it('answers 503 with a clear message while it is away, and recovers without a restart', async () => {
    const me = `${server.url}/api/me`;
    expect((await get(me, cookie)).status).toBe(200);

    const traffic = load(me, cookie, 8);
    await new Promise((resolve) => setTimeout(resolve, 500));
    proxy.cut();
    const cutAt = traffic.outcomes.length;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const duringOutage = traffic.outcomes.slice(cutAt + 16);
    await traffic.stop();

    // The API says what is wrong, in the one error shape, and never crashes.
    expect(duringOutage.length).toBeGreaterThan(0);
    for (const outcome of duringOutage) {
      expect(outcome.status, outcome.body).toBe(503);
      expect(JSON.parse(outcome.body)).toEqual({
        error: {
          code: 'service_unavailable',
          message: expect.stringMatching(/database/i) as string,
        },
      });
    }
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'outage@example.com', password: 'outage-pass-2026' }),
    });
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toEqual({
      error: { code: 'service_unavailable', message: expect.stringMatching(/database/i) as string },
    });
    const health = await get(`${server.url}/api/health`, '');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: 'unavailable' });

    proxy.restore();
    const recovered = await waitFor(async () => (await get(me, cookie)).status === 200, 20_000);
    expect(recovered, 'GET /api/me answers 200 again once the database is back').toBe(true);
    expect((await get(`${server.url}/api/health`, '')).status).toBe(200);
  }, 60_000);
});
