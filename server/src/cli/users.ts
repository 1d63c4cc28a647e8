import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { roles, roleSchema } from '@shared/role';
import { usersRepository } from '../auth/users-repository';
import { loadConfig, SettingError } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { profilesRepository } from '../profiles/profiles-repository';

/** Exit codes: 0 done, 1 refused (unknown account, bad setting), 2 wrong usage. */
export const exitCodes = { ok: 0, refused: 1, usage: 2 } as const;

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

export const usage = `Usage:
  npm run users -- list                      every account with its role
  npm run users -- set-role <email> <role>   give an account a role

Roles: ${roles.join(', ')}.
Uses the same settings as the server (DATA_DIR or DATABASE_URL). On the embedded
database, stop the server first: only one process may open it.`;

async function list(db: Kysely<Database>, out: Output): Promise<number> {
  const rows = await usersRepository(db).listWithRoles();
  if (rows.length === 0) {
    out.log('No accounts yet.');
    return exitCodes.ok;
  }
  const width = Math.max(...rows.map((row) => row.email.length));
  for (const row of rows) {
    const state = row.emailVerified ? '' : '  (e-mail not confirmed)';
    out.log(`${row.email.padEnd(width)}  ${row.role}${state}`);
  }
  return exitCodes.ok;
}

async function setRole(
  db: Kysely<Database>,
  out: Output,
  email: string,
  role: string,
): Promise<number> {
  const parsed = roleSchema.safeParse(role.trim().toLowerCase());
  if (!parsed.success) {
    out.error(`Unknown role "${role}". Roles: ${roles.join(', ')}.`);
    return exitCodes.usage;
  }
  const address = email.trim().toLowerCase();
  const userId = await usersRepository(db).idByEmail(address);
  if (userId === null) {
    out.error(`No account with the e-mail ${address}.`);
    return exitCodes.refused;
  }
  const profiles = profilesRepository(db);
  const before = await profiles.roleOf(userId);
  await profiles.setRole(userId, parsed.data);
  out.log(
    before === parsed.data
      ? `${address} already has the role ${parsed.data}.`
      : `${address} is now ${parsed.data} (was ${before}).`,
  );
  return exitCodes.ok;
}

/** Runs one users command on an open database; returns the exit code. */
export async function runUsersCommand(
  args: string[],
  db: Kysely<Database>,
  out: Output,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return list(db, out);
  const [email, role, ...extra] = rest;
  if (command === 'set-role' && email !== undefined && role !== undefined && extra.length === 0) {
    return setRole(db, out, email, role);
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    out.log(usage);
    return command === undefined ? exitCodes.usage : exitCodes.ok;
  }
  out.error(usage);
  return exitCodes.usage;
}

async function main(): Promise<number> {
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
    return await runUsersCommand(process.argv.slice(2), database.db, out);
  } finally {
    await database.close();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));

if (invokedDirectly) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
