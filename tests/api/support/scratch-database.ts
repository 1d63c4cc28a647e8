import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../server/src/db/database';

export interface ScratchDatabase {
  /** The connection URL of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty PostgreSQL database of a test's own, named `name`, on the server `serverUrl`
 * points at: for tests that start whole server processes on one database.
 */
export async function scratchDatabase(serverUrl: string, name: string): Promise<ScratchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-scratch-'));
  const admin = await openDatabase({ databaseUrl: serverUrl, dataDir });
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
