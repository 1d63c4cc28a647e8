import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { migrateToLatest, openDatabase } from '../server/src/db/database';
import { freePort } from '../tests/api/support/test-server';

export interface AuthFigures {
  database: 'embedded' | 'postgres';
  signIns: number;
  signInsPerSecond: number;
  signInP50Ms: number;
  signInP99Ms: number;
  /** Answers other than 200 during the sign-in run (there should be none). */
  signInFailures: number;
  /** GET /api/health: no session, one trivial query. */
  healthMs: number;
  /** GET /api/me with the session cookie: the session check plus the route's two reads. */
  meCookieMs: number;
  /** GET /api/me with a JWT: signature check and the account lookup plus the same reads. */
  meBearerMs: number;
}

export interface AuthBenchOptions {
  seconds?: number;
  concurrency?: number;
  /** Sequential calls per endpoint when timing the session check. */
  calls?: number;
}

const password = 'bench-pass-2026';
/** Each account signs in at most this often per run: under the per-e-mail limit (10 in 10 min). */
const signInsPerAccount = 9;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Accounts are written before the server starts (the embedded database has one
 * owner at a time), all with one password hash: hashing is what sign-in measures,
 * not what setting up costs.
 */
async function createAccounts(env: Record<string, string>, count: number): Promise<string[]> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const { auth, server } = await buildApp({ config, database });
    const context = await auth.$context;
    const hash = await context.password.hash(password);
    const emails: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `bench-${i}@example.com`;
      const user = await context.internalAdapter.createUser(
        { email, name: '', emailVerified: true },
        { method: 'admin' },
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: hash,
      });
      emails.push(email);
    }
    await server.close();
    return emails;
  } finally {
    await database.close();
  }
}

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server stopped during start');
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, child };
    if (performance.now() - started > 60_000) throw new Error('The server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Sign-ins from `concurrency` clients for `seconds`, each from its own address. */
async function signInLoad(url: string, emails: string[], seconds: number, concurrency: number) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  async function client() {
    while (performance.now() < deadline) {
      const n = next;
      next += 1;
      const email = emails[Math.floor(n / signInsPerAccount)];
      if (email === undefined) throw new Error('The sign-in run needs more bench accounts');
      const started = performance.now();
      const response = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: url,
          // A different client address per call, so only the per-e-mail limit applies.
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ email, password }),
      });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status === 200) latencies.push(elapsed);
      else failures += 1;
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const wall = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    signIns: latencies.length,
    perSecond: latencies.length / wall,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

/** Mean milliseconds per call, one call at a time, after a warm-up. */
async function msPerCall(url: string, headers: Record<string, string>, calls: number) {
  const call = async () => {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  };
  for (let i = 0; i < 20; i += 1) await call();
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) await call();
  return (performance.now() - started) / calls;
}

async function sessionFor(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': '10.255.0.1' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`bench sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const token = await fetch(`${url}/api/auth/token`, { headers: { cookie } });
  const { token: jwt } = (await token.json()) as { token: string };
  return { cookie, jwt };
}

async function benchOn(
  database: AuthFigures['database'],
  env: Record<string, string>,
  options: Required<AuthBenchOptions>,
): Promise<AuthFigures> {
  // Enough accounts for a generous upper bound of 200 sign-ins a second.
  const accounts = Math.ceil((options.seconds * 200) / signInsPerAccount) + 1;
  const emails = await createAccounts(env, accounts);
  const { url, child } = await startServer({ ...env, DEMO_USERS: 'false' });
  try {
    const [sessionEmail, ...loadEmails] = emails;
    if (sessionEmail === undefined) throw new Error('No bench accounts');
    const session = await sessionFor(url, sessionEmail);
    const healthMs = await msPerCall(`${url}/api/health`, {}, options.calls);
    const meCookieMs = await msPerCall(`${url}/api/me`, { cookie: session.cookie }, options.calls);
    const meBearerMs = await msPerCall(
      `${url}/api/me`,
      { authorization: `Bearer ${session.jwt}` },
      options.calls,
    );
    const load = await signInLoad(url, loadEmails, options.seconds, options.concurrency);
    return {
      database,
      signIns: load.signIns,
      signInsPerSecond: load.perSecond,
      signInP50Ms: load.p50,
      signInP99Ms: load.p99,
      signInFailures: load.failures,
      healthMs,
      meCookieMs,
      meBearerMs,
    };
  } finally {
    await stopServer(child);
  }
}

/** A PostgreSQL server to bench on: BENCH_DATABASE_URL, or the local default when it answers. */
async function reachablePostgres(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    await client.end().catch(() => undefined);
    return undefined;
  }
}

/**
 * Sign-in throughput and latency under load, and what one session check adds to an
 * API call (GET /api/me with a cookie or a JWT, against GET /api/health which checks
 * nothing), on the embedded database and on PostgreSQL when one answers.
 */
export async function benchAuth(options: AuthBenchOptions = {}): Promise<AuthFigures[]> {
  const settings = { seconds: 10, concurrency: 20, calls: 300, ...options };
  const results: AuthFigures[] = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-auth-'));
  try {
    const env = { DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x') };
    results.push(await benchOn('embedded', env, settings));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await reachablePostgres();
  if (postgres) {
    const name = `sewa_bench_${process.pid}`;
    const admin = await openDatabase({ databaseUrl: postgres, dataDir: tmpdir() });
    const benchUrl = new URL(postgres);
    benchUrl.pathname = `/${name}`;
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-auth-pg-'));
    try {
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      const env = {
        DATA_DIR: pgDataDir,
        DATABASE_URL: benchUrl.toString(),
        AUTH_SECRET: 'bench-secret-'.padEnd(40, 'x'),
      };
      results.push(await benchOn('postgres', env, settings));
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  return results;
}
