import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { defaultRole } from '@shared/role';
import type { Database } from '../db/schema';
import type { Visible } from './fhir-reading';
import type { AppointmentRow } from './resources/appointment';
import { appointmentStatuses } from './resources/appointment';
import type { CommunicationRow } from './resources/communication';
import type { DocumentReferenceRow } from './resources/document-reference';
import { encounterStatuses, type EncounterRow } from './resources/encounter';
import type { MedicationAdministrationRow } from './resources/medication-administration';
import type { MedicationRequestRow } from './resources/medication-request';
import type { RecordRow } from './resources/references';
import { relationshipOf, type GrantRow } from './resources/care-grant';
import { displayName } from '../profiles/person-name';
import type { DateCondition, PageCursor } from './search-parameters';
import { afterCursor, isUuid, onMoment, toMilliseconds } from './search-sql';

/** What a search of a patient's record asks for. */
export interface RecordFilter {
  visible: Visible;
  patientId: string | null;
  /** FHIR statuses, any of them; null: every status. */
  statuses: string[] | null;
  /** Conditions on the moment the type's date parameter names. */
  dates: DateCondition[];
  lastUpdated: DateCondition[];
  after: PageCursor | null;
  /** How many rows at most (one more than a page, to know whether another follows). */
  limit: number;
}

/** How a type's rows are found: by id, patient, moment, FHIR status and last change. */
interface RecordColumns {
  id: RawBuilder<string>;
  patient: RawBuilder<string>;
  at: RawBuilder<Date>;
  status: RawBuilder<string>;
  updated: RawBuilder<Date> | null;
}

/** A stored status as FHIR's, by the type's own table of them. */
function statusCase(column: RawBuilder<string>, statuses: Record<string, string>) {
  const cases = Object.entries(statuses).map(([stored, fhir]) => sql`when ${stored} then ${fhir}`);
  return sql<string>`case ${column} ${sql.join(cases, sql` `)} end`;
}

/** Every condition of a search, as one SQL condition. */
function matching(columns: RecordColumns, filter: RecordFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [filter.visible(columns.patient)];
  if (filter.patientId !== null) parts.push(sql<SqlBool>`${columns.patient} = ${filter.patientId}`);
  if (filter.statuses !== null) {
    parts.push(
      filter.statuses.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`${columns.status} in (${sql.join(filter.statuses)})`,
    );
  }
  for (const condition of filter.dates) parts.push(onMoment(columns.at, condition));
  const { updated } = columns;
  for (const condition of filter.lastUpdated) {
    parts.push(updated === null ? sql<SqlBool>`false` : onMoment(updated, condition));
  }
  if (filter.after !== null) parts.push(afterCursor(columns.at, columns.id, filter.after));
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** What the repository asks of a type's select: conditions, an order, a limit, its rows. */
interface Selecting<S> {
  where(condition: Expression<SqlBool>): Selecting<S>;
  orderBy(expression: Expression<unknown>, direction: 'desc'): Selecting<S>;
  limit(count: number): Selecting<S>;
  execute(): Promise<S[]>;
  executeTakeFirst(): Promise<S | undefined>;
}

/**
 * A type's rows by id, and searched: the filter's conditions, newest first (then by id, so
 * pages never skip or repeat a row), at most the filter's limit.
 */
function recordRows<S, Row extends RecordRow>(
  select: () => Selecting<S>,
  columns: RecordColumns,
  toRow: (selected: S) => Row,
  options: { uuidIds: boolean } = { uuidIds: true },
) {
  return {
    async read(id: string): Promise<Row | null> {
      if (options.uuidIds && !isUuid(id)) return null;
      const row = await select()
        .where(sql<SqlBool>`${columns.id} = ${id}`)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },
    async search(filter: RecordFilter): Promise<Row[]> {
      const rows = await select()
        .where(matching(columns, filter))
        .orderBy(columns.at, 'desc')
        .orderBy(sql`${columns.id}::text`, 'desc')
        .limit(filter.limit)
        .execute();
      return rows.map(toRow);
    },
  };
}

const moment = (value: Date | string) => new Date(value);
const maybeMoment = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * What the FHIR API reads of a patient's record besides vitals: visits, prescriptions, doses
 * taken, appointments, care-team messages and shared photos, each filtered by the access rule
 * it is given and paged newest first.
 */
export function fhirRecordRepository(db: Kysely<Database>) {
  const encounterUpdated = toMilliseconds(
    sql`greatest(v.queued_at, v.started_at, v.in_progress_at, v.ended_at, v.summary_at)`,
  );
  const encounterColumns: RecordColumns = {
    id: sql.ref('v.id'),
    patient: sql.ref('v.patient_id'),
    at: toMilliseconds(sql`coalesce(v.started_at, v.queued_at)`),
    status: statusCase(sql.ref('v.status'), encounterStatuses),
    updated: encounterUpdated,
  };
  const encounters = () =>
    db
      .selectFrom('visits as v')
      .select([
        'v.id',
        'v.patient_id',
        'v.doctor_id',
        'v.reason',
        'v.ended_at',
        'v.appointment_id',
        encounterColumns.at.as('at'),
        encounterColumns.status.as('fhir_status'),
        encounterUpdated.as('updated'),
      ]);
  type EncounterSelected = Awaited<ReturnType<ReturnType<typeof encounters>['execute']>>[number];
  const toEncounter = (row: EncounterSelected): EncounterRow => ({
    id: row.id,
    patientId: row.patient_id,
    at: moment(row.at),
    status: row.fhir_status,
    updatedAt: maybeMoment(row.updated),
    doctorId: row.doctor_id,
    reason: row.reason,
    endedAt: maybeMoment(row.ended_at),
    appointmentId: row.appointment_id,
  });

  const requestUpdated = toMilliseconds(sql`greatest(r.prescribed_at, r.stopped_at)`);
  const requestColumns = (today: string): RecordColumns => ({
    id: sql.ref('r.id'),
    patient: sql.ref('r.patient_id'),
    at: toMilliseconds(sql.ref('r.prescribed_at')),
    status: sql<string>`case when r.stopped_at is not null then 'stopped'
      when r.days is not null and r.start_day + r.days <= ${today}::date then 'completed'
      else 'active' end`,
    updated: requestUpdated,
  });
  const requests = (columns: RecordColumns) =>
    db
      .selectFrom('medication_requests as r')
      .select([
        'r.id',
        'r.patient_id',
        'r.prescriber_id',
        'r.medicine',
        'r.dose',
        'r.dose_amount',
        'r.dose_form',
        'r.food',
        'r.times',
        'r.note',
        'r.stop_reason',
        sql<string>`r.start_day::text`.as('start_day'),
        sql<string | null>`(r.start_day + r.days)::text`.as('end_day'),
        columns.at.as('at'),
        columns.status.as('fhir_status'),
        requestUpdated.as('updated'),
      ]);
  type RequestSelected = Awaited<ReturnType<ReturnType<typeof requests>['execute']>>[number];
  const toRequest = (row: RequestSelected): MedicationRequestRow => ({
    id: row.id,
    patientId: row.patient_id,
    at: moment(row.at),
    status: row.fhir_status,
    updatedAt: maybeMoment(row.updated),
    prescriberId: row.prescriber_id,
    medicine: row.medicine,
    dose: row.dose,
    doseAmount: row.dose_amount,
    doseForm: row.dose_form,
    food: row.food,
    times: row.times,
    startDay: row.start_day,
    endDay: row.end_day,
    note: row.note,
    stopReason: row.stop_reason,
  });

  const administrationColumns: RecordColumns = {
    id: sql.ref('a.id'),
    patient: sql.ref('a.patient_id'),
    at: toMilliseconds(sql.ref('a.taken_at')),
    status: sql<string>`'completed'`,
    updated: toMilliseconds(sql.ref('a.taken_at')),
  };
  const administrations = () =>
    db
      .selectFrom('medication_administrations as a')
      .innerJoin('medication_requests as r', 'r.id', 'a.request_id')
      .select([
        'a.id',
        'a.patient_id',
        'a.request_id',
        'a.recorder_id',
        'a.recorder_role',
        'r.medicine',
        administrationColumns.at.as('at'),
      ]);
  type AdministrationSelected = Awaited<
    ReturnType<ReturnType<typeof administrations>['execute']>
  >[number];
  const toAdministration = (row: AdministrationSelected): MedicationAdministrationRow => ({
    id: row.id,
    patientId: row.patient_id,
    at: moment(row.at),
    status: 'completed',
    updatedAt: moment(row.at),
    requestId: row.request_id,
    medicine: row.medicine,
    recorderId: row.recorder_id,
    recorderRole: row.recorder_role,
  });

  const appointmentColumns: RecordColumns = {
    id: sql.ref('b.id'),
    patient: sql.ref('b.patient_id'),
    at: toMilliseconds(sql.ref('b.starts_at')),
    status: statusCase(sql.ref('b.status'), appointmentStatuses),
    // A booking keeps no moment of its last change (a move, a cancelling).
    updated: null,
  };
  const appointments = () =>
    db
      .selectFrom('appointments as b')
      .select([
        'b.id',
        'b.patient_id',
        'b.doctor_id',
        'b.ends_at',
        'b.reason',
        'b.booked_at',
        appointmentColumns.at.as('at'),
        appointmentColumns.status.as('fhir_status'),
      ]);
  type AppointmentSelected = Awaited<
    ReturnType<ReturnType<typeof appointments>['execute']>
  >[number];
  const toAppointment = (row: AppointmentSelected): AppointmentRow => ({
    id: row.id,
    patientId: row.patient_id,
    at: moment(row.at),
    status: row.fhir_status,
    updatedAt: null,
    doctorId: row.doctor_id,
    endsAt: moment(row.ends_at),
    reason: row.reason,
    bookedAt: moment(row.booked_at),
  });

  const communicationColumns: RecordColumns = {
    id: sql.ref('m.id'),
    patient: sql.ref('c.care_team_patient_id'),
    at: toMilliseconds(sql.ref('m.created_at')),
    status: sql<string>`'completed'`,
    updated: toMilliseconds(sql.ref('m.created_at')),
  };
  // A patient's messages are those of her care-team conversation.
  const communications = () =>
    db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin('profiles as sp', 'sp.id', 'm.sender_id')
      .select([
        'm.id',
        sql<string>`c.care_team_patient_id`.as('patient_id'),
        'm.sender_id',
        sql<string>`coalesce(sp.role, ${defaultRole})`.as('sender_role'),
        'm.content',
        communicationColumns.at.as('at'),
      ])
      .where('c.care_team_patient_id', 'is not', null);
  type CommunicationSelected = Awaited<
    ReturnType<ReturnType<typeof communications>['execute']>
  >[number];
  const toCommunication = (row: CommunicationSelected): CommunicationRow => ({
    id: row.id,
    patientId: row.patient_id,
    at: moment(row.at),
    status: 'completed',
    updatedAt: moment(row.at),
    senderId: row.sender_id,
    senderRole: row.sender_role,
    content: row.content,
  });

  const documentColumns: RecordColumns = {
    id: sql.ref('u.photo_id'),
    patient: sql.ref('u.owner_id'),
    at: toMilliseconds(sql.ref('u.created_at')),
    status: sql<string>`'current'`,
    updated: toMilliseconds(sql.ref('u.created_at')),
  };
  // A patient's documents are the photos she shared; staff's own uploads are no one's record.
  const documents = () =>
    db
      .selectFrom('uploads as u')
      .leftJoin('profiles as op', 'op.id', 'u.owner_id')
      .select([
        'u.photo_id',
        'u.owner_id',
        'u.content_type',
        'u.byte_size',
        documentColumns.at.as('at'),
      ])
      .where(sql<SqlBool>`coalesce(op.role, ${defaultRole}) = 'patient'`);
  type DocumentSelected = Awaited<ReturnType<ReturnType<typeof documents>['execute']>>[number];
  const toDocument = (row: DocumentSelected): DocumentReferenceRow => ({
    id: row.photo_id,
    patientId: row.owner_id,
    at: moment(row.at),
    status: 'current',
    updatedAt: moment(row.at),
    contentType: row.content_type,
    byteSize: row.byte_size,
  });

  const grantColumns: RecordColumns = {
    id: sql.ref('g.id'),
    patient: sql.ref('g.patient_id'),
    at: toMilliseconds(sql.ref('g.created_at')),
    // Only grants in force are kept: a removed one is gone.
    status: sql<string>`'active'`,
    updated: null,
  };
  const grants = () =>
    db
      .selectFrom('care_grants as g')
      .innerJoin('user as u', 'u.id', 'g.caregiver_id')
      .leftJoin('profiles as cp', 'cp.id', 'g.caregiver_id')
      .select([
        'g.id',
        'g.patient_id',
        'g.caregiver_id',
        'g.relationship',
        'g.may_record',
        'g.may_message',
        'g.may_visits',
        'g.guardian',
        'u.email',
        'cp.first_name',
        'cp.last_name',
        'cp.gender',
        grantColumns.at.as('at'),
      ]);
  type GrantSelected = Awaited<ReturnType<ReturnType<typeof grants>['execute']>>[number];
  const toGrant = (row: GrantSelected): GrantRow => ({
    id: row.id,
    patientId: row.patient_id,
    at: moment(row.at),
    status: 'active',
    updatedAt: null,
    caregiverId: row.caregiver_id,
    caregiverName: displayName(row.first_name, row.last_name, row.email, 'Caregiver'),
    relationship: relationshipOf(row.relationship),
    caregiverGender: row.gender,
    permissions: { record: row.may_record, message: row.may_message, visits: row.may_visits },
    guardian: row.guardian,
  });

  return {
    grants: recordRows(grants, grantColumns, toGrant),
    encounters: recordRows(encounters, encounterColumns, toEncounter),
    medicationRequests: (today: string) =>
      recordRows(() => requests(requestColumns(today)), requestColumns(today), toRequest),
    medicationAdministrations: recordRows(administrations, administrationColumns, toAdministration),
    appointments: recordRows(appointments, appointmentColumns, toAppointment),
    communications: recordRows(communications, communicationColumns, toCommunication),
    documents: recordRows(documents, documentColumns, toDocument, { uuidIds: false }),
  };
}

export type FhirRecordRepository = ReturnType<typeof fhirRecordRepository>;
