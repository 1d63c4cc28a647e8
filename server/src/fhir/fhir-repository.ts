import { sql, type Kysely, type SqlBool } from 'kysely';
import { defaultRole } from '@shared/role';
import type { Database } from '../db/schema';
import { componentsOf } from '../record/vital-codes';
import type { ObservationRow } from './resources/observation';
import type { PatientRow } from './resources/patient';
import type { PractitionerRow } from './resources/practitioner';
import type { AuditEventRow } from './resources/audit-event';
import type { AuditAction } from '@shared/audit';
import type { Visible } from './fhir-reading';
import type { DateCondition, PageCursor } from './search-parameters';
import { afterCursor, isUuid, onMoment } from './search-sql';

interface Page {
  visible: Visible;
  /** How many rows at most (one more than a page, to know whether another follows). */
  limit: number;
  after: PageCursor | null;
  lastUpdated: DateCondition[];
}

export interface ObservationFilter extends Page {
  patientId: string | null;
  /** LOINC codes, any of them; null: every code. */
  codes: string[] | null;
  effective: DateCondition[];
}

export interface AuditEventFilter {
  patientId: string | null;
  recorded: DateCondition[];
  after: PageCursor | null;
  limit: number;
}

export interface PeopleFilter extends Page {
  ids: string[] | null;
}

function observationRow(row: {
  id: string;
  reading_id: string;
  patient_id: string;
  code: string;
  value: string | number | null;
  unit: string | null;
  components: unknown;
  effective_at: Date;
  recorded_at: Date;
  recorder_id: string;
  recorder_role: string;
}): ObservationRow {
  return {
    id: row.id,
    readingId: row.reading_id,
    patientId: row.patient_id,
    code: row.code,
    value: row.value === null ? null : Number(row.value),
    unit: row.unit,
    components: componentsOf(row.components),
    effectiveAt: new Date(row.effective_at),
    recordedAt: new Date(row.recorded_at),
    recorderId: row.recorder_id,
    recorderRole: row.recorder_role,
  };
}

/**
 * When a patient's account or profile last changed, to the millisecond: pages are cut at a
 * moment a client's cursor can carry exactly.
 */
const lastChanged = sql<Date>`date_trunc('milliseconds',
  greatest(u."updatedAt", coalesce(p.updated_at, u."updatedAt")))`;

/** What the FHIR API reads: observations and patients, filtered by the access rule it is given. */
export function fhirRepository(db: Kysely<Database>) {
  const observations = () =>
    db
      .selectFrom('observations as o')
      .select([
        'o.id',
        'o.reading_id',
        'o.patient_id',
        'o.code',
        'o.value',
        'o.unit',
        'o.components',
        'o.effective_at',
        'o.recorded_at',
        'o.recorder_id',
        'o.recorder_role',
      ]);

  /** Accounts of one role, with their profile and when either last changed. */
  const people = (role: 'patient' | 'doctor') =>
    db
      .selectFrom('user as u')
      .leftJoin('profiles as p', 'p.id', 'u.id')
      .select([
        'u.id',
        'u.email',
        'p.first_name',
        'p.last_name',
        'p.gender',
        'p.dob_ad',
        'p.dob_bs',
        lastChanged.as('last_updated'),
      ])
      .where(sql<SqlBool>`coalesce(p.role, ${defaultRole}) = ${role}`);

  const toPatient = (row: {
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    gender: string | null;
    dob_ad: string | null;
    dob_bs: string | null;
    last_updated: Date;
  }): PatientRow => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    gender: row.gender,
    dobAd: row.dob_ad,
    dobBs: row.dob_bs,
    updatedAt: new Date(row.last_updated),
  });

  /** A page of people of one role the filter lets through (everyone, without a rule). */
  async function searchPeople(
    role: 'patient' | 'doctor',
    filter: Omit<PeopleFilter, 'visible'> & { visible?: Visible },
  ) {
    const { visible } = filter;
    let query = people(role);
    if (visible !== undefined) query = query.where((eb) => visible(eb.ref('u.id')));
    if (filter.ids !== null) {
      if (filter.ids.length === 0) return [];
      query = query.where('u.id', 'in', filter.ids);
    }
    for (const condition of filter.lastUpdated) {
      query = query.where(onMoment(lastChanged, condition));
    }
    if (filter.after !== null) {
      query = query.where(afterCursor(lastChanged, sql<string>`u.id`, filter.after));
    }
    return query.orderBy(lastChanged, 'desc').orderBy('u.id', 'desc').limit(filter.limit).execute();
  }

  const toPractitioner = (row: {
    id: string;
    first_name: string | null;
    last_name: string | null;
    last_updated: Date;
  }): PractitionerRow => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    updatedAt: new Date(row.last_updated),
  });

  const auditEvents = () =>
    db
      .selectFrom('audit_events as a')
      .select([
        sql<string>`a.id::text`.as('id'),
        'a.recorded_at',
        'a.type',
        'a.action',
        'a.outcome',
        'a.agent_id',
        'a.agent_role',
        'a.client_address',
        'a.on_behalf_of',
        'a.entity_type',
        'a.entity_id',
        'a.subject_id',
        sql<string | null>`a.detail->>'smartClient'`.as('client'),
      ]);
  const toAuditEvent = (
    row: Awaited<ReturnType<ReturnType<typeof auditEvents>['execute']>>[number],
  ): AuditEventRow => ({
    id: row.id,
    recordedAt: new Date(row.recorded_at),
    type: row.type,
    action: row.action as AuditAction,
    outcome: row.outcome,
    agentId: row.agent_id,
    agentRole: row.agent_role,
    address: row.client_address,
    onBehalfOf: row.on_behalf_of,
    entityType: row.entity_type,
    entityId: row.entity_id,
    subjectId: row.subject_id,
    client: row.client,
  });

  return {
    /** An entry of the audit trail by its id, or null. */
    async auditEvent(id: string): Promise<AuditEventRow | null> {
      if (!/^[1-9]\d{0,17}$/.test(id)) return null;
      const row = await auditEvents()
        .where(sql<SqlBool>`a.id = ${id}::bigint`)
        .executeTakeFirst();
      return row ? toAuditEvent(row) : null;
    },

    /** A page of the trail, newest first: about one patient, and when. */
    async searchAuditEvents(filter: AuditEventFilter): Promise<AuditEventRow[]> {
      let query = auditEvents();
      if (filter.patientId !== null) query = query.where('a.subject_id', '=', filter.patientId);
      for (const condition of filter.recorded) {
        query = query.where((eb) => onMoment(eb.ref('a.recorded_at'), condition));
      }
      const { after } = filter;
      // Entries are numbered as they are written: pages run by that number.
      if (after !== null) query = query.where(sql<SqlBool>`a.id < ${after.id}::bigint`);
      const rows = await query.orderBy('a.id', 'desc').limit(filter.limit).execute();
      return rows.map(toAuditEvent);
    },

    /** One observation by its id, whoever's it is (the service asks the rule), or null. */
    async observation(id: string): Promise<ObservationRow | null> {
      if (!isUuid(id)) return null;
      const row = await observations().where('o.id', '=', id).executeTakeFirst();
      return row ? observationRow(row) : null;
    },

    /** A page of observations the filter lets through, newest taken first. */
    async searchObservations(filter: ObservationFilter): Promise<ObservationRow[]> {
      let query = observations().where((eb) => filter.visible(eb.ref('o.patient_id')));
      if (filter.patientId !== null) query = query.where('o.patient_id', '=', filter.patientId);
      if (filter.codes !== null) {
        if (filter.codes.length === 0) return [];
        query = query.where('o.code', 'in', filter.codes);
      }
      for (const condition of filter.effective) {
        query = query.where((eb) => onMoment(eb.ref('o.effective_at'), condition));
      }
      for (const condition of filter.lastUpdated) {
        query = query.where((eb) => onMoment(eb.ref('o.recorded_at'), condition));
      }
      const { after } = filter;
      if (after !== null) {
        query = query.where((eb) => afterCursor(eb.ref('o.effective_at'), eb.ref('o.id'), after));
      }
      const rows = await query
        .orderBy('o.effective_at', 'desc')
        .orderBy(sql`o.id::text`, 'desc')
        .limit(filter.limit)
        .execute();
      return rows.map(observationRow);
    },

    /** A patient by id (an account whose role is patient), whoever asks, or null. */
    async patient(id: string): Promise<PatientRow | null> {
      const row = await people('patient').where('u.id', '=', id).executeTakeFirst();
      return row ? toPatient(row) : null;
    },

    /** A page of patients the filter lets through, last changed first. */
    async searchPatients(filter: PeopleFilter): Promise<PatientRow[]> {
      return (await searchPeople('patient', filter)).map(toPatient);
    },

    /** A doctor by id, or null. */
    async practitioner(id: string): Promise<PractitionerRow | null> {
      const row = await people('doctor').where('u.id', '=', id).executeTakeFirst();
      return row ? toPractitioner(row) : null;
    },

    /** A page of doctors, last changed first. */
    async searchPractitioners(filter: Omit<PeopleFilter, 'visible'>): Promise<PractitionerRow[]> {
      return (await searchPeople('doctor', filter)).map(toPractitioner);
    },
  };
}

export type FhirRepository = ReturnType<typeof fhirRepository>;
