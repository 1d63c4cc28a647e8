import type { AuditEntry } from '@shared/audit';

const columns = [
  'recorded',
  'type',
  'action',
  'outcome',
  'agent_id',
  'agent_email',
  'agent_name',
  'agent_role',
  'agent_address',
  'on_behalf_of',
  'entity_type',
  'entity_id',
  'subject_id',
  'subject_name',
  'without_care',
  'detail',
] as const;

/**
 * A field as RFC 4180 writes it, and never a formula: a spreadsheet runs a cell that starts
 * with =, +, - or @, and a name or an address in the trail is whatever someone typed.
 */
function field(value: string | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The entries as CSV, a header row first, CRLF between rows. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) =>
    [
      entry.recorded,
      entry.type,
      entry.action,
      entry.outcome,
      entry.agent.id,
      entry.agent.email,
      entry.agent.name,
      entry.agent.role,
      entry.agent.address,
      entry.agent.onBehalfOf,
      entry.entity.type,
      entry.entity.id,
      entry.entity.subjectId,
      entry.entity.subjectName,
      entry.withoutCare,
      entry.detail === null ? null : JSON.stringify(entry.detail),
    ]
      .map(field)
      .join(','),
  );
  return [columns.join(','), ...rows].join('\r\n') + '\r\n';
}
