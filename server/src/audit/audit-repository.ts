import { sql, type Kysely, type Selectable } from 'kysely';
import {
  auditPageLimit,
  auditTypes,
  type AuditEntityType,
  type AuditEntry,
  type AuditPage,
  type AuditType,
} from '@shared/audit';
import { clinicTimeZone } from '@shared/clinic-time';
import { roleSchema, type Role } from '@shared/role';
import { caredForAt } from '../access/patient-access';
import type { AuditEventsTable, Database } from '../db/schema';
import { personName } from '../profiles/person-name';

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
  /** Entries by the account with this e-mail. */
  agentEmail?: string | undefined;
  /** Entries about the records of the account with this e-mail. */
  subjectEmail?: string | undefined;
  type?: AuditType | undefined;
  outcome?: 'success' | 'failure' | undefined;
  /** Recorded before this moment (the end of a clinic day, say). */
  until?: Date | undefined;
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

type AuditRow = Selectable<AuditEventsTable> & {
  agent_email: string | null;
  agent_first_name: string | null;
  agent_last_name: string | null;
  subject_first_name: string | null;
  subject_last_name: string | null;
  without_care: boolean | null;
};

function toEntry(row: AuditRow): AuditEntry {
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
      name: personName(row.agent_first_name, row.agent_last_name),
    },
    entity: {
      type: row.entity_type,
      id: row.entity_id,
      subjectId: row.subject_id,
      subjectName: personName(row.subject_first_name, row.subject_last_name),
    },
    detail: row.detail,
    withoutCare: row.without_care === true,
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

/** The most grouped reads a patient is shown at once. */
const recordReadsLimit = 500;

/** One row of `readsOf`: a person's reads of one kind on one clinic day. */
export interface RecordReadRow {
  reader_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  role: string | null;
  for_patient: boolean;
  type: string;
  day: string;
  last: Date | string;
  times: number;
}

/**
 * The audit trail. `record` adds an entry on whatever transaction is current, so a
 * change made in a unit of work (see unit-of-work.ts) and its entry commit together;
 * nothing here changes or deletes an entry, and the table refuses it anyway, except
 * for the retention prune.
 */
export function auditRepository(db: Kysely<Database>) {
  /** The entries the filter finds, with who acted, whom they concern, and whether with care. */
  function filtered(filter: AuditFilter) {
    const accountWith = (email: string) =>
      db
        .selectFrom('user')
        .select('id')
        .where(sql`lower(email)`, '=', email.trim().toLowerCase());
    let query = db
      .selectFrom('audit_events')
      .leftJoin('user', 'user.id', 'audit_events.agent_id')
      .leftJoin('profiles as agent_profile', 'agent_profile.id', 'audit_events.agent_id')
      .leftJoin('profiles as subject_profile', 'subject_profile.id', 'audit_events.subject_id')
      .selectAll('audit_events')
      .select([
        'user.email as agent_email',
        'agent_profile.first_name as agent_first_name',
        'agent_profile.last_name as agent_last_name',
        'subject_profile.first_name as subject_first_name',
        'subject_profile.last_name as subject_last_name',
        // Staff reading a patient's record as themselves: did they care for the patient then?
        sql<boolean>`(audit_events.action = 'R' and audit_events.outcome = 'success'
          and audit_events.agent_role = 'doctor' and audit_events.on_behalf_of is null
          and audit_events.subject_id is not null
          and audit_events.subject_id <> audit_events.agent_id
          and not ${caredForAt(
            sql.ref('audit_events.agent_id'),
            sql.ref('audit_events.subject_id'),
            sql.ref('audit_events.recorded_at'),
          )})`.as('without_care'),
      ]);
    if (filter.email !== undefined) {
      const account = accountWith(filter.email);
      query = query.where((eb) =>
        eb.or([
          eb('audit_events.agent_id', 'in', account),
          eb('audit_events.subject_id', 'in', account),
        ]),
      );
    }
    if (filter.agentEmail !== undefined) {
      query = query.where('audit_events.agent_id', 'in', accountWith(filter.agentEmail));
    }
    if (filter.subjectEmail !== undefined) {
      query = query.where('audit_events.subject_id', 'in', accountWith(filter.subjectEmail));
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
    if (filter.type !== undefined) query = query.where('audit_events.type', '=', filter.type);
    if (filter.outcome !== undefined) {
      query = query.where('audit_events.outcome', '=', filter.outcome);
    }
    if (filter.since !== undefined)
      query = query.where('audit_events.recorded_at', '>=', filter.since);
    if (filter.until !== undefined)
      query = query.where('audit_events.recorded_at', '<', filter.until);
    return query;
  }

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
      let query = filtered(filter);
      if (filter.before !== undefined) query = query.where('audit_events.id', '<', filter.before);
      const rows = await query
        .orderBy('audit_events.id', 'desc')
        .limit(limit + 1)
        .execute();
      const entries = rows.slice(0, limit).map(toEntry);
      return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
    },

    /** The newest `limit` entries the filter finds, newest first: an export. */
    async newest(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
      const rows = await filtered(filter).orderBy('audit_events.id', 'desc').limit(limit).execute();
      return rows.map(toEntry);
    },

    /**
     * Who read the patient's record since `since`, by person, kind of read and clinic day:
     * reads by anyone but the patient acting as themselves. A caregiver reads for the patient
     * (`on_behalf_of`); staff read as themselves.
     */
    async readsOf(patientId: string, since: Date): Promise<RecordReadRow[]> {
      // The zone is written into the statement, so the grouping and the column are one expression.
      const day = sql<string>`to_char(audit_events.recorded_at at time zone ${sql.lit(clinicTimeZone)}, 'YYYY-MM-DD')`;
      return db
        .selectFrom('audit_events')
        .leftJoin('profiles as reader', 'reader.id', 'audit_events.agent_id')
        .leftJoin('user as reader_account', 'reader_account.id', 'audit_events.agent_id')
        .where('audit_events.subject_id', '=', patientId)
        .where('audit_events.action', '=', 'R')
        .where('audit_events.outcome', '=', 'success')
        .where('audit_events.agent_id', 'is not', null)
        .where('audit_events.agent_id', '!=', patientId)
        .where('audit_events.recorded_at', '>=', since)
        .select([
          'audit_events.agent_id as reader_id',
          'reader.first_name',
          'reader.last_name',
          'reader_account.email',
          'audit_events.agent_role as role',
          sql<boolean>`bool_or(audit_events.on_behalf_of is not null)`.as('for_patient'),
          'audit_events.type',
          day.as('day'),
          sql<Date>`max(audit_events.recorded_at)`.as('last'),
          sql<number>`count(*)::int`.as('times'),
        ])
        .groupBy([
          'audit_events.agent_id',
          'reader.first_name',
          'reader.last_name',
          'reader_account.email',
          'audit_events.agent_role',
          'audit_events.type',
          day,
        ])
        .orderBy('last', 'desc')
        .limit(recordReadsLimit)
        .execute();
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
