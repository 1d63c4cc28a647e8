import type { Kysely } from 'kysely';
import { roles, roleSchema } from '@shared/role';
import { usersRepository } from '../auth/users-repository';
import type { Database } from '../db/schema';
import { profilesRepository } from '../profiles/profiles-repository';
import { auditRepository } from '../audit/audit-repository';
import { exitCodes, runWhenInvoked, type Output } from './command-line';

export { exitCodes, type Output };

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
  const next = parsed.data;
  // The change and its audit entry commit together.
  const before = await db.transaction().execute(async (trx) => {
    const profiles = profilesRepository(trx);
    const was = await profiles.roleOf(userId);
    if (was === next) return was;
    await profiles.setRole(userId, next);
    await auditRepository(trx).record({
      type: 'role-changed',
      // An operator on the server, not an account of the app.
      agent: { id: null, role: null, address: null },
      entity: { type: 'account', id: userId, subjectId: userId },
      detail: { from: was, to: next, by: 'users command' },
    });
    return was;
  });
  out.log(
    before === next
      ? `${address} already has the role ${next}.`
      : `${address} is now ${next} (was ${before}).`,
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

runWhenInvoked(import.meta.url, runUsersCommand);
