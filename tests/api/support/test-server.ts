import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, type App } from '../../../server/src/app';
import type { Auth } from '../../../server/src/auth/auth';
import type { RouteEntry } from '../../../server/src/http/route-table';
import { jobSchemaFor } from '../../../server/src/jobs/job-queue';
import { loadConfig, type Config } from '../../../server/src/config';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
} from '../../../server/src/db/database';

export interface DatabaseVariant {
  name: 'embedded' | 'postgres';
  url?: string;
}

/** The embedded database always; a PostgreSQL server too when TEST_DATABASE_URL names one. */
export const databaseVariants: DatabaseVariant[] = [
  { name: 'embedded' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }]
    : []),
];

export interface TestServer {
  url: string;
  auth: Auth;
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  /** Every route the server registered. */
  routes: RouteEntry[];
  /** The server's scheduled tasks, run at once rather than waited for. */
  tasks: App['tasks'];
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Any fixed number: the advisory lock every test server on one PostgreSQL database shares. */
const schemaLock = 7_360_912;

/**
 * Runs `work` holding the test schemas' lock on the PostgreSQL server, shared or alone.
 * Kysely's migrator looks for its table among the tables of every schema, and asking about a
 * table whose schema another test server is dropping fails ("schema … does not exist"). So
 * migrations hold the lock shared, any number at once, and a drop waits for it alone. Test
 * files run side by side, and so do test runs from other checkouts on the same server.
 */
async function withSchemaLock<T>(
  db: DatabaseHandle['db'],
  mode: 'shared' | 'alone',
  work: () => Promise<T>,
): Promise<T> {
  const [lock, unlock] =
    mode === 'shared'
      ? ['pg_advisory_lock_shared', 'pg_advisory_unlock_shared']
      : ['pg_advisory_lock', 'pg_advisory_unlock'];
  // One connection holds the lock while `work` runs on others.
  return db.connection().execute(async (connection) => {
    await sql`select ${sql.raw(lock)}(${schemaLock})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select ${sql.raw(unlock)}(${schemaLock})`.execute(connection);
    }
  });
}

/**
 * Runs `work`, which drops schemas on the PostgreSQL server at `url`, holding the test schemas'
 * lock alone: no test server's migration is then looking through the schemas it drops.
 */
export async function droppingSchemas<T>(
  url: string,
  work: (db: DatabaseHandle['db']) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
  try {
    return await withSchemaLock(handle.db, 'alone', () => work(handle.db));
  } finally {
    await handle.close();
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  // The job queue's schema beside it too, so test runs leave nothing on the server.
  await droppingSchemas(url, (db) =>
    sql`drop schema if exists ${sql.id(schema)}, ${sql.id(jobSchemaFor(schema))} cascade`.execute(
      db,
    ),
  );
}

/**
 * The build's migrated embedded database, when there is one: each test starts from a copy
 * rather than paying for initdb. Migrations newer than the build still run on top of it.
 */
const builtEmbeddedTemplate = path.resolve('dist/server/embedded-template');

/** The push service test servers know unless told otherwise. */
export const testPushServiceHost = 'push.invalid';

export interface StartOptions {
  variant?: DatabaseVariant;
  env?: Record<string, string>;
  webRoot?: string;
  /** Receives every log line the server writes. */
  logDestination?: { write(line: string): void };
  /** How often the server's clock runs by itself (tests can run it at once through `tasks`). */
  clockIntervalMs?: number;
}

/**
 * Starts the real server on a free port, on a fresh embedded database in a
 * temporary folder or in a fresh schema of the PostgreSQL server.
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const variant = options.variant ?? { name: 'embedded' };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-test-'));
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // A name that never resolves (RFC 6761): no test posts to a real browser's push service.
    PUSH_SERVICE_HOSTS: testPushServiceHost,
    ...(variant.url ? { DATABASE_URL: variant.url } : {}),
    ...options.env,
  });
  const schema = variant.url ? `test_${process.pid}_${port}` : undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir,
    schema,
    embeddedTemplate: builtEmbeddedTemplate,
  });
  if (schema) await withSchemaLock(database.db, 'shared', () => migrateToLatest(database.db));
  else await migrateToLatest(database.db);
  const {
    server: app,
    auth,
    routes,
    tasks,
  } = await buildApp({
    config,
    database,
    webRoot: options.webRoot,
    logDestination: options.logDestination,
    clockIntervalMs: options.clockIntervalMs,
  });
  await app.listen({ port, host: '127.0.0.1' });

  return {
    url: `http://127.0.0.1:${port}`,
    auth,
    config,
    database,
    dataDir,
    routes,
    tasks,
    async close() {
      await app.close();
      await database.close().catch(() => undefined);
      if (schema && variant.url) await dropSchema(variant.url, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
