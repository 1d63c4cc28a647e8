import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { AuditEntry } from '@shared/audit';
import { auditRepository, type AuditFilter } from '../audit/audit-repository';
import type { Database } from '../db/schema';
import { exitCodes, runWhenInvoked, type Output } from './command-line';

export const usage = `Usage:
  npm run audit -- --user <email>     entries by or about this account
  npm run audit -- --record <id>      entries about a conversation, message, photo, visit or account
  npm run audit -- --since <date>     entries from this date or time on (e.g. 2026-11-01)

The options combine; --json prints one JSON entry per line. Newest first.
Uses the same settings as the server (DATA_DIR or DATABASE_URL). On the embedded
database, stop the server first: only one process may open it.`;

function line(entry: AuditEntry): string {
  const agent = entry.agent.email ?? entry.agent.id ?? 'system';
  const role = entry.agent.role ? ` (${entry.agent.role})` : '';
  const from = entry.agent.address ? ` from ${entry.agent.address}` : '';
  const what = `${entry.entity.type}${entry.entity.id ? ` ${entry.entity.id}` : ''}`;
  const whose = entry.entity.subjectId ? ` of ${entry.entity.subjectId}` : '';
  const detail = entry.detail ? `  ${JSON.stringify(entry.detail)}` : '';
  return `${entry.recorded}  ${entry.type} ${entry.outcome}  ${agent}${role}${from}  ${what}${whose}${detail}`;
}

/** Runs one audit query on an open database; returns the exit code. */
export async function runAuditCommand(
  args: string[],
  db: Kysely<Database>,
  out: Output,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        user: { type: 'string' },
        record: { type: 'string' },
        since: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    out.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return exitCodes.usage;
  }
  if (values.help) {
    out.log(usage);
    return exitCodes.ok;
  }
  if (values.user === undefined && values.record === undefined && values.since === undefined) {
    out.error(usage);
    return exitCodes.usage;
  }
  const since = values.since === undefined ? undefined : new Date(values.since);
  if (since !== undefined && Number.isNaN(since.getTime())) {
    out.error(`"${values.since}" is not a date. Give it as 2026-11-01 or 2026-11-01T08:00:00Z.`);
    return exitCodes.usage;
  }
  const filter: AuditFilter = { email: values.user, record: values.record, since };
  const audit = auditRepository(db);
  let count = 0;
  for (let before: string | undefined; ;) {
    const page = await audit.page({ ...filter, before, limit: 200 });
    for (const entry of page.entries) out.log(values.json ? JSON.stringify(entry) : line(entry));
    count += page.entries.length;
    if (page.next === null) break;
    before = page.next;
  }
  if (count === 0 && !values.json) out.log('No audit entries match.');
  return exitCodes.ok;
}

runWhenInvoked(import.meta.url, runAuditCommand);
