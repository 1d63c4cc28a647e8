import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig, SettingError } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import type { Database } from '../db/schema';

/** Exit codes: 0 done, 1 refused (unknown account, bad setting), 2 wrong usage. */
export const exitCodes = { ok: 0, refused: 1, usage: 2 } as const;

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

/** An operator's command: its arguments, the open database, where it writes; its exit code. */
export type Command = (args: string[], db: Kysely<Database>, out: Output) => Promise<number>;

async function main(command: Command): Promise<number> {
  const out: Output = {
    log: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
  };
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof SettingError) {
      out.error(error.message);
      return exitCodes.refused;
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    return await command(process.argv.slice(2), database.db, out);
  } finally {
    await database.close();
  }
}

/**
 * Runs `command` with the server's settings (DATA_DIR or DATABASE_URL) when the module at
 * `moduleUrl` is the script node was started with; tests import the module instead.
 */
export function runWhenInvoked(moduleUrl: string, command: Command): void {
  const invokedDirectly =
    process.argv[1] !== undefined &&
    realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
  if (!invokedDirectly) return;
  main(command).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
