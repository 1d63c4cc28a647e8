import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/src/db/database';
import { reachablePostgres } from './built-server';

export type BenchDatabase = 'embedded' | 'postgres';

const secret = 'bench-secret-'.padEnd(40, 'x');

/**
 * Runs `bench` on the embedded database in a fresh folder, then on a throwaway database of
 * the PostgreSQL server when one answers; each is removed afterwards. `label` names them.
 */
export async function onBenchDatabases<T>(
  label: string,
  bench: (database: BenchDatabase, env: Record<string, string>) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), `sewa-bench-${label}-`));
  try {
    results.push(await bench('embedded', { DATA_DIR: dataDir, AUTH_SECRET: secret }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await reachablePostgres();
  if (postgres) {
    const name = `sewa_bench_${label}_${process.pid}`;
    const admin = await openDatabase({ databaseUrl: postgres, dataDir: tmpdir() });
    const benchUrl = new URL(postgres);
    benchUrl.pathname = `/${name}`;
    const pgDataDir = mkdtempSync(path.join(tmpdir(), `sewa-bench-${label}-pg-`));
    try {
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      const env = { DATA_DIR: pgDataDir, DATABASE_URL: benchUrl.toString(), AUTH_SECRET: secret };
      results.push(await bench('postgres', env));
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  return results;
}
