import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database } from './schema';

/** A health check that waits longer than this reports the database as unusable. */
const pingTimeoutMs = 2_000;

export type DatabaseKind = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** True when a trivial query succeeds; used by the health check. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the embedded database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Schema to work in on a PostgreSQL server; lets test runs share one database. */
  schema?: string | undefined;
}

/** Calendar dates stay 'YYYY-MM-DD' strings: a Date would shift them by the server's time zone. */
const dateTypeId = pg.types.builtins.DATE;
pg.types.setTypeParser(dateTypeId, (value) => value);

function postgresDialect(url: string, schema: string | undefined): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client losing its connection (database restart, network cut) must not crash the
  // process: idle ones are reported on the pool, checked-out ones on the client itself.
  // Their queries fail and the error handler answers 503; the pool then replaces them.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new PostgresDialect({ pool });
}

async function embeddedDialect(dataDir: string): Promise<Dialect> {
  const dir = path.join(dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { parsers: { [dateTypeId]: (value: string) => value } });
  return new PGliteDialect(client);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const kind: DatabaseKind = options.databaseUrl ? 'postgres' : 'embedded';
  const dialect = options.databaseUrl
    ? postgresDialect(options.databaseUrl, options.schema)
    : await embeddedDialect(options.dataDir);
  const db = new Kysely<Database>({ dialect });
  if (options.schema) {
    await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
  }
  return {
    db,
    kind,
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), pingTimeoutMs);
      });
      const query = sql`select 1`.execute(db).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([query, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => db.destroy(),
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which one: with several
  // schemas on one server (test runs), another schema's tables would be taken for ours.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(rows[0]?.schema ? { migrationTableSchema: rows[0].schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}
