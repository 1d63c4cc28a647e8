import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { AuditEntry } from '@shared/audit';
import { clinicMoment, isClinicDay, isClinicTime } from '@shared/clinic-time';
import { auditRepository, type AuditFilter } from '../audit/audit-repository';
import type { Database } from '../db/schema';
import { exitCodes, runWhenInvoked, type Output } from './command-line';

export const usage = `Usage:
  npm run audit -- --user <email>     entries by or about this account
  npm run audit -- --record <id>      entries about a conversation, message, photo, visit, reading, prescription, dose or account,
                                      or by or about a registered system (its client id)
  npm run audit -- --since <date>     entries from this date or time on, in clinic time
                                      (2026-11-01, 2026-11-01T08:00, or with a zone: 2026-11-01T02:15:00Z)

The options combine; --json prints one JSON entry per line. Newest first.
Uses the same settings as the server (DATA_DIR or DATABASE_URL). On the embedded
database, stop the server first: only one process may open it.`;

/**
 * The moment `--since` names. A day or a time without a zone is read on the clinic's clock,
 * whatever the zone of the machine running the command: the clinic's day starts at 00:00
 * Nepal time. Undefined when the text names no moment.
 */
export function sinceMoment(text: string): Date | undefined {
  const [day = '', time, ...rest] = text.split('T');
  if (rest.length === 0 && isClinicDay(day)) {
    if (time === undefined) return clinicMoment(day);
    if (isClinicTime(time)) return clinicMoment(day, time);
  }
  // Anything else must carry its zone, as ISO 8601 writes it.
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}

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
  const since = values.since === undefined ? undefined : sinceMoment(values.since);
  if (values.since !== undefined && since === undefined) {
    out.error(
      `"${values.since}" is not a date. Give it as 2026-11-01 or 2026-11-01T08:00 (clinic time), or 2026-11-01T02:15:00Z.`,
    );
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
