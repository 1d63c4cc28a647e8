import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type Dialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/index';
import { withUnitsOfWork, type UnitOfWork } from './unit-of-work';
import type { Database } from './schema';

/** A health check that waits longer than this reports the database as unusable. */
const pingTimeoutMs = 2_000;

export type DatabaseKind = 'embedded' | 'postgres';

/** Stops one `listen`. */
export type Unlisten = () => Promise<void>;

/**
 * PostgreSQL LISTEN/NOTIFY, so every server process on one database hears what any
 * of them announces. Channel names are scoped to the handle's schema, so test runs
 * sharing a database never hear each other.
 */
export interface Notifications {
  /** Publishes `payload` (at most 8,000 bytes) to every listener on `channel`. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onPayload` for each notification. `onGap` runs after the listening connection
   * was lost and came back: notifications sent meanwhile are gone and readers must catch up.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<Unlisten>;
}

/**
 * SQL written by a library that brings its own statements (the job queue): one statement with
 * `$n` values, or a script of several without, which answers the rows of all its statements in
 * order. Inside a unit of work it is part of the work's transaction, like any other query.
 */
export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  rawSql: RawSql;
  kind: DatabaseKind;
  /** One transaction for every query made while a piece of work runs (see unit-of-work.ts). */
  unitOfWork: UnitOfWork;
  /** True when a trivial query succeeds; used by the health check. */
  ping(): Promise<boolean>;
  notifications: Notifications;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent the embedded database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Schema to work in on a PostgreSQL server; lets test runs share one database. */
  schema?: string | undefined;
  /**
   * The directory of an initialised, migrated embedded database, made by the build: a new
   * `dataDir` starts as a copy of it instead of running PostgreSQL's initdb, which takes
   * seconds on WebAssembly. Ignored when it is absent or the data already exists.
   */
  embeddedTemplate?: string | undefined;
}

/** Calendar dates stay 'YYYY-MM-DD' strings: a Date would shift them by the server's time zone. */
const dateTypeId = pg.types.builtins.DATE;
pg.types.setTypeParser(dateTypeId, (value) => value);

/** Reconnect delays of the listening connection: doubling up to this ceiling. */
const listenRetryMaxMs = 5_000;

type Listener = { onPayload: (payload: string) => void; onGap: (() => void) | undefined };

/** Listeners by channel, shared by both kinds of database. */
function listenerRegistry() {
  const byChannel = new Map<string, Set<Listener>>();
  return {
    byChannel,
    add(channel: string, listener: Listener): boolean {
      let set = byChannel.get(channel);
      const first = !set;
      if (!set) {
        set = new Set();
        byChannel.set(channel, set);
      }
      set.add(listener);
      return first;
    },
    remove(channel: string, listener: Listener): boolean {
      const set = byChannel.get(channel);
      if (!set) return false;
      set.delete(listener);
      if (set.size > 0) return false;
      byChannel.delete(channel);
      return true;
    },
    deliver(channel: string, payload: string) {
      for (const listener of byChannel.get(channel) ?? []) {
        try {
          listener.onPayload(payload);
        } catch {
          // One listener failing must not keep the notification from the others.
        }
      }
    },
    gap() {
      for (const set of byChannel.values()) for (const listener of set) listener.onGap?.();
    },
  };
}

/**
 * One dedicated connection holds every LISTEN of this process (a pooled connection
 * would lose them when returned). It reconnects by itself and then reports a gap.
 */
function postgresListener(url: string) {
  const registry = listenerRegistry();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | undefined;

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      next.on('notification', (message) => {
        registry.deliver(message.channel, message.payload ?? '');
      });
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of registry.byChannel.keys())
          await next.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        throw new Error('The database is closed');
      }
      client = next;
      retryMs = 100;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    void which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer || registry.byChannel.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => registry.gap(),
        () => {
          retryMs = Math.min(retryMs * 2, listenRetryMaxMs);
          scheduleReconnect();
        },
      );
    }, retryMs);
  }

  return {
    async listen(channel: string, listener: Listener): Promise<Unlisten> {
      if (registry.add(channel, listener)) {
        try {
          // LISTEN twice is harmless, and a connection still opening may have missed this channel.
          const active = client ?? (await connect());
          await active.query(`LISTEN ${quote(channel)}`);
        } catch {
          // No listening connection for now: it keeps trying, and readers still have the poll.
          scheduleReconnect();
        }
      }
      return async () => {
        if (registry.remove(channel, listener) && client) {
          await client.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

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
  return new PostgresDialect({ pool: everyStatementsRows(pool) });
}

/**
 * The pool as Kysely takes it, where a script of several statements (no values) answers the rows
 * of each, in order (pg answers a list of results, of which Kysely would read none): the job
 * queue reads a row from the middle of a script it sends. A script that failed may have left its
 * own transaction open and aborted (it stopped before its `commit`): its connection is closed
 * rather than given to the next query.
 */
function everyStatementsRows(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let failedScript: Error | undefined;
    return {
      query: ((text: string, parameters: unknown[]) =>
        client.query(text, parameters).then(
          (result: pg.QueryResult | pg.QueryResult[]) => {
            if (!Array.isArray(result)) return result;
            return { ...result.at(-1), rows: result.flatMap((each): unknown[] => each.rows) };
          },
          (error: unknown) => {
            if (parameters.length === 0) failedScript = error as Error;
            throw error;
          },
        )) as PostgresPoolClient['query'],
      release: () => {
        if (!failedScript) return client.release();
        wrapped.delete(client);
        client.release(failedScript);
      },
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let found = wrapped.get(client);
      if (!found) {
        found = wrap(client);
        wrapped.set(client, found);
      }
      return found;
    },
    end: () => pool.end(),
  };
}

export const embeddedParsers = { [dateTypeId]: (value: string) => value };

async function openEmbedded(dataDir: string, template: string | undefined): Promise<PGlite> {
  const dir = path.join(dataDir, 'pgdata');
  // Only into nothing: whatever is already there is somebody's data.
  const isNew = !existsSync(dir) || readdirSync(dir).length === 0;
  if (template && isNew && existsSync(template)) {
    // Copied aside and renamed, so a start cut short never leaves half a database.
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(template, partial, { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
  }
  mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, { parsers: embeddedParsers });
}

/** The embedded database is one in-process connection: its LISTEN never drops. */
function embeddedListener(client: PGlite) {
  return {
    async listen(channel: string, listener: Listener): Promise<Unlisten> {
      const unlisten = await client.listen(channel, listener.onPayload);
      return () => unlisten();
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Runs a library's SQL through Kysely, so it takes its turn for the embedded database's one
 * connection and joins a running unit of work. A script without values runs as a simple query
 * (PostgreSQL's simple protocol takes several statements; PGlite's `exec` does, holding the
 * connection so nothing runs in between).
 */
function rawSqlOn(db: Kysely<Database>, embedded: PGlite | undefined): RawSql {
  return {
    async executeSql(text, values) {
      if ((values && values.length > 0) || !embedded) {
        const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows };
      }
      return db.connection().execute(async () => {
        // Every statement's rows, in order: the job queue reads one from the middle of a script.
        const results = await embedded.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      });
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const kind: DatabaseKind = options.databaseUrl ? 'postgres' : 'embedded';
  let dialect: Dialect;
  let listener: ReturnType<typeof embeddedListener>;
  let embedded: PGlite | undefined;
  if (options.databaseUrl) {
    dialect = postgresDialect(options.databaseUrl, options.schema);
    listener = postgresListener(options.databaseUrl);
  } else {
    embedded = await openEmbedded(options.dataDir, options.embeddedTemplate);
    dialect = new PGliteDialect(embedded);
    listener = embeddedListener(embedded);
  }
  const units = withUnitsOfWork(dialect);
  const db = new Kysely<Database>({ dialect: units.dialect });
  const rawSql = rawSqlOn(db, embedded);
  if (options.schema) {
    await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
  }
  const scoped = (channel: string) =>
    options.schema ? `${options.schema}__${channel}`.toLowerCase() : channel;
  const notifications: Notifications = {
    async notify(channel, payload) {
      await sql`select pg_notify(${scoped(channel)}, ${payload})`.execute(db);
    },
    listen(channel, onPayload, onGap) {
      return listener.listen(scoped(channel), { onPayload, onGap });
    },
  };
  return {
    db,
    rawSql,
    kind,
    unitOfWork: units.unitOfWork,
    notifications,
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
    async close() {
      await listener.close();
      await db.destroy();
    },
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
