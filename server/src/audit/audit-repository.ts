import { sql, type Kysely, type Selectable } from 'kysely';
import {
  auditPageLimit,
  auditTypes,
  type AuditEntityType,
  type AuditEntry,
  type AuditPage,
  type AuditType,
} from '@shared/audit';
import { roleSchema, type Role } from '@shared/role';
import type { AuditEventsTable, Database } from '../db/schema';

/** Who acted: an account with its role, or nobody (the system, an unknown caller). */
export interface AuditAgent {
  id: string | null;
  role: Role | null;
  /** The client address the server believed (see TRUST_PROXY). */
  address: string | null;
  /** The patient the agent acted for, when not themselves (FHIR: the agent's `onBehalfOf`). */
  onBehalfOf?: string | null;
}

/** One thing to record: what happened, to which record, whose it is, and how it ended. */
export interface AuditRecord {
  type: AuditType;
  outcome?: 'success' | 'failure';
  agent: AuditAgent;
  entity: { type: AuditEntityType; id: string | null; subjectId?: string | null };
  detail?: Record<string, unknown>;
}

/** What an operator or the superadmin asks the trail for. */
export interface AuditFilter {
  /** Entries by or about the account with this e-mail. */
  email?: string | undefined;
  /**
   * Entries about this record (a conversation, message, photo, visit, reading, prescription,
   * dose or account id), or by or about this registered system (its client id).
   */
  record?: string | undefined;
  since?: Date | undefined;
  /** The `next` of the previous page. */
  before?: string | undefined;
  limit?: number | undefined;
}

function toEntry(row: Selectable<AuditEventsTable> & { agent_email: string | null }): AuditEntry {
  const role = roleSchema.safeParse(row.agent_role);
  return {
    id: String(row.id),
    recorded: new Date(row.recorded_at).toISOString(),
    type: row.type,
    action: row.action as AuditEntry['action'],
    outcome: row.outcome === 'failure' ? 'failure' : 'success',
    agent: {
      id: row.agent_id,
      email: row.agent_email,
      role: role.success ? role.data : null,
      address: row.client_address,
      onBehalfOf: row.on_behalf_of,
    },
    entity: { type: row.entity_type, id: row.entity_id, subjectId: row.subject_id },
    detail: row.detail,
  };
}

function columnsOf(entry: AuditRecord) {
  return {
    type: entry.type,
    action: auditTypes[entry.type],
    outcome: entry.outcome ?? 'success',
    agent_id: entry.agent.id,
    agent_role: entry.agent.role,
    client_address: entry.agent.address,
    on_behalf_of: entry.agent.onBehalfOf ?? null,
    entity_type: entry.entity.type,
    entity_id: entry.entity.id,
    subject_id: entry.entity.subjectId ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
  };
}

/**
 * The audit trail. `record` adds an entry on whatever transaction is current, so a
 * change made in a unit of work (see unit-of-work.ts) and its entry commit together;
 * nothing here changes or deletes an entry, and the table refuses it anyway, except
 * for the retention prune.
 */
export function auditRepository(db: Kysely<Database>) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db.insertInto('audit_events').values(columnsOf(entry)).execute();
    },

    /** Several entries in one statement; nothing when there are none. */
    async recordAll(entries: readonly AuditRecord[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insertInto('audit_events').values(entries.map(columnsOf)).execute();
    },

    /** Newest first, one page at a time. */
    async page(filter: AuditFilter): Promise<AuditPage> {
      const limit = Math.min(
        Math.max(1, Math.floor(filter.limit ?? auditPageLimit.default)),
        auditPageLimit.max,
      );
      let query = db
        .selectFrom('audit_events')
        .leftJoin('user', 'user.id', 'audit_events.agent_id')
        .selectAll('audit_events')
        .select('user.email as agent_email');
      if (filter.email !== undefined) {
        const account = db
          .selectFrom('user')
          .select('id')
          .where(sql`lower(email)`, '=', filter.email.trim().toLowerCase());
        query = query.where((eb) =>
          eb.or([
            eb('audit_events.agent_id', 'in', account),
            eb('audit_events.subject_id', 'in', account),
          ]),
        );
      }
      if (filter.record !== undefined) {
        const record = filter.record;
        // A registered system's id finds what it did too: it is no account, so it is named in
        // the entry's detail (`systemAgentOf` in audit-trail.ts).
        query = query.where((eb) =>
          eb.or([
            eb('audit_events.entity_id', '=', record),
            eb('audit_events.subject_id', '=', record),
            eb(sql<string>`audit_events.detail->>'smartClient'`, '=', record),
          ]),
        );
      }
      if (filter.since !== undefined)
        query = query.where('audit_events.recorded_at', '>=', filter.since);
      if (filter.before !== undefined) query = query.where('audit_events.id', '<', filter.before);
      const rows = await query
        .orderBy('audit_events.id', 'desc')
        .limit(limit + 1)
        .execute();
      const entries = rows.slice(0, limit).map(toEntry);
      return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
    },

    /** Deletes the entries older than `days`; how many went. */
    async prune(days: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await sql`select set_config('sewa.audit_prune', 'on', true)`.execute(trx);
        const result = await trx
          .deleteFrom('audit_events')
          .where('recorded_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
