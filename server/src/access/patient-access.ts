import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { slotHoldingStatuses } from '@shared/appointments';
import { clinicTimeZone, clinicToday } from '@shared/clinic-time';
import { defaultRole } from '@shared/role';
import { openVisitStatuses } from '@shared/visits';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/schema';

/**
 * Who may read or change a patient's data: the one rule, for every domain.
 *
 * - **The patient** acts on their own data.
 * - **A doctor who cares for them**: a visit assigned to the doctor is open, or ended within
 *   the last `careWindowDays`; or the patient has an appointment with the doctor that holds
 *   its slot (booked, checked in, in its visit, finished) and started no more than
 *   `careWindowDays` ago (a future one included); or the patient has an appointment with the
 *   doctor today (clinic time), in any status, so each row of the doctor's day opens the
 *   chart, a cancelled or missed one too; or the doctor prescribed the patient a
 *   medicine still taken, or stopped or ended within `careWindowDays` (the prescriber answers
 *   for it); or the doctor answered in the patient's care-team conversation within the last
 *   `careWindowDays` (counted from their last answer, as a visit from its end). Seeing the
 *   shared care-team inbox, which every doctor sees, is not by itself a care relationship.
 * - **Any doctor** reads and answers a patient's care-team conversation: that is the shared
 *   inbox, and every such read of someone else's conversation is audited.
 * - **A caregiver** the patient granted, acting for them (`Actor.onBehalfOf` names the
 *   patient): what the grant in `care_grants` allows, read on every check, so removed access
 *   ends at the next request. "See my health record" reads the record; "Message my care team
 *   for me" reads and writes the care-team conversation; "Book and join visits for me" books,
 *   checks in and joins visits. Adding to the record (vitals, doses taken) is the guardian's of
 *   a dependent, who holds every permission. Acting for someone, a person is never themselves
 *   nor a doctor.
 * - Managers, admins, researchers and the superadmin read no patient's data.
 *
 * The rules are one table (`allowedRelations`), read two ways: as SQL over a patient id, which
 * list queries filter with (`permits`) and a single check evaluates for one patient (`can`);
 * and in memory (`allows`) where the facts are at hand, as when a new message is pushed to the
 * subscribers who may read it. Each relation is defined once per form beside the other, and a
 * test holds the two forms to the same answers. A refusal is answered as a missing record.
 */

/**
 * How long a doctor still cares for the patient after a visit of theirs ended, an appointment
 * started, a prescription ended, or their last answer in the care-team conversation.
 */
export const careWindowDays = 90;

export const patientActions = [
  /** Everything recorded about the patient: visits, their summaries, photos, vitals, medications, and what comes. */
  'read-record',
  /** Add to the patient's record: vitals, doses taken, and what comes (prescribing is a doctor's too). */
  'write-record',
  /** The patient's care-team conversation: read it, and answer in it. */
  'care-team',
  /** The patient's appointments and visits: book, move, cancel, check in, wait and join. */
  'visits',
] as const;
export type PatientAction = (typeof patientActions)[number];

type Relation =
  | 'self'
  | 'caring-doctor'
  | 'any-doctor'
  | 'granted-record'
  | 'granted-message'
  | 'granted-visits'
  | 'guardian';

/** Which relations to the patient allow each action. */
const allowedRelations: Record<PatientAction, readonly Relation[]> = {
  'read-record': ['self', 'caring-doctor', 'granted-record'],
  'write-record': ['self', 'caring-doctor', 'guardian'],
  'care-team': ['self', 'any-doctor', 'granted-message'],
  visits: ['self', 'granted-visits'],
};

/** The grant's column each caregiver relation needs. */
const grantColumns = {
  'granted-record': 'may_record',
  'granted-message': 'may_message',
  'granted-visits': 'may_visits',
  guardian: 'guardian',
} as const;

/** What the in-memory form must be told of a caregiver's grant for the patient. */
export interface KnownGrant {
  record: boolean;
  message: boolean;
  visits: boolean;
  guardian: boolean;
}

const grantFacts = {
  'granted-record': 'record',
  'granted-message': 'message',
  'granted-visits': 'visits',
  guardian: 'guardian',
} as const;

const never = sql<SqlBool>`false`;

/** A caregiver's relation: acting for this patient, with a grant that holds the column. */
function granted(
  actor: Actor,
  relation: keyof typeof grantColumns,
  patient: Expression<string>,
): Expression<SqlBool> {
  if (actor.onBehalfOf === null) return never;
  const column = sql.ref(`care_grant.${grantColumns[relation]}`);
  return sql<SqlBool>`(${patient} = ${actor.onBehalfOf} and exists (
      select 1 from care_grants care_grant
      where care_grant.patient_id = ${actor.onBehalfOf}
        and care_grant.caregiver_id = ${actor.caller.id} and ${column}
    ))`;
}

/**
 * A moment, and its clinic day, at which a care relationship is asked about. Asked about a past
 * moment, only what was recorded by then counts (`past`): an appointment booked after a read
 * does not make the read one of a caring doctor.
 */
interface CareMoment {
  moment: Expression<Date>;
  day: Expression<unknown>;
  past: boolean;
}

/**
 * Whether the doctor `doctor` cared for the patient `patient` at a moment: the caring-doctor
 * relation of the rule, as SQL. Asked now, it decides access; asked at an audited read's
 * moment, it tells which reads of a record came from staff with no care relationship.
 */
function caresFor(
  doctor: Expression<string>,
  patient: Expression<string>,
  at: CareMoment,
): Expression<SqlBool> {
  const recordedBy = (column: string) =>
    at.past ? sql<SqlBool>`${sql.ref(column)} <= ${at.moment}` : sql<SqlBool>`true`;
  return sql<SqlBool>`(exists (
          select 1 from visits care_visit
          where care_visit.patient_id = ${patient} and care_visit.doctor_id = ${doctor}
            and ${recordedBy('care_visit.queued_at')}
            and (care_visit.status in (${sql.join([...openVisitStatuses])})
                 or care_visit.ended_at > ${at.moment} - make_interval(days => ${careWindowDays}))
        ) or exists (
          select 1 from appointments care_appointment
          where care_appointment.patient_id = ${patient} and care_appointment.doctor_id = ${doctor}
            and ${recordedBy('care_appointment.booked_at')}
            and care_appointment.status in (${sql.join([...slotHoldingStatuses])})
            and care_appointment.starts_at > ${at.moment} - make_interval(days => ${careWindowDays})
        ) or exists (
          select 1 from appointments care_today
          where care_today.patient_id = ${patient} and care_today.doctor_id = ${doctor}
            and care_today.day = ${at.day} and ${recordedBy('care_today.booked_at')}
        ) or exists (
          select 1 from medication_requests care_prescription
          where care_prescription.patient_id = ${patient} and care_prescription.prescriber_id = ${doctor}
            and ${recordedBy('care_prescription.prescribed_at')}
            and (care_prescription.stopped_at > ${at.moment} - make_interval(days => ${careWindowDays})
                 or (care_prescription.stopped_at is null
                     and (care_prescription.days is null
                          or care_prescription.start_day + care_prescription.days
                             > ${at.day} - ${careWindowDays}::int)))
        ) or exists (
          select 1 from conversations care_conversation
          join messages care_answer on care_answer.conversation_id = care_conversation.id
          where care_conversation.care_team_patient_id = ${patient}
            and care_answer.sender_id = ${doctor}
            and care_answer.created_at > ${at.moment} - make_interval(days => ${careWindowDays})
            and ${recordedBy('care_answer.created_at')}
        ))`;
}

/**
 * Whether the doctor cared for the patient at the moment `moment` (a column of an audited
 * read, say), by the same relation that decides a doctor's access now.
 */
export function caredForAt(
  doctor: Expression<string>,
  patient: Expression<string>,
  moment: Expression<Date>,
): Expression<SqlBool> {
  return caresFor(doctor, patient, {
    moment,
    day: sql`(${moment} at time zone ${clinicTimeZone})::date`,
    past: true,
  });
}

/** The actor's relation to the patient `patient` (an id, or a column holding one), as SQL. */
function holds(actor: Actor, relation: Relation, patient: Expression<string>): Expression<SqlBool> {
  const { id, role } = actor.caller;
  // Acting for someone, a person is only what the grant makes them.
  const asThemselves = actor.onBehalfOf === null;
  switch (relation) {
    case 'granted-record':
    case 'granted-message':
    case 'granted-visits':
    case 'guardian':
      return granted(actor, relation, patient);
    case 'self':
      if (!asThemselves) return never;
      return sql<SqlBool>`(${patient} = ${id})`;
    case 'any-doctor':
      return asThemselves && role === 'doctor' ? sql<SqlBool>`true` : never;
    case 'caring-doctor':
      if (!asThemselves || role !== 'doctor') return never;
      return caresFor(sql.val(id), patient, {
        moment: sql<Date>`now()`,
        day: sql`${clinicToday()}::date`,
        past: false,
      });
  }
}

/**
 * What the in-memory form must be told: whether the actor is a doctor who cares for the
 * patient, and the grant they hold for the patient they act for, if any.
 */
export interface KnownCare {
  caresFor: boolean;
  grant?: KnownGrant | null;
}

/** The same relations as `holds`, decided in memory from what is known. */
function holdsNow(actor: Actor, relation: Relation, patientId: string, known: KnownCare): boolean {
  const { id, role } = actor.caller;
  const asThemselves = actor.onBehalfOf === null;
  switch (relation) {
    case 'granted-record':
    case 'granted-message':
    case 'granted-visits':
    case 'guardian':
      return actor.onBehalfOf === patientId && known.grant?.[grantFacts[relation]] === true;
    case 'self':
      return asThemselves && patientId === id;
    case 'any-doctor':
      return asThemselves && role === 'doctor';
    case 'caring-doctor':
      return asThemselves && role === 'doctor' && known.caresFor;
  }
}

/** Whether the actor may take `action` on the patient, decided in memory. */
export function allows(
  actor: Actor,
  action: PatientAction,
  patientId: string,
  known: KnownCare,
): boolean {
  return allowedRelations[action].some((relation) => holdsNow(actor, relation, patientId, known));
}

/** Whether the actor may take `action` on the patient `patient`, as SQL: the filter form. */
export function permits(
  actor: Actor,
  action: PatientAction,
  patient: Expression<string>,
): Expression<SqlBool> {
  const parts = allowedRelations[action].map((relation) => holds(actor, relation, patient));
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Who may read and write a conversation: what `conversationRule` and `conversationFilter` both say. */
export interface ConversationParties {
  participantIds: readonly string[];
  /** The patient whose care-team conversation it is; null for any other conversation. */
  carePatientId: string | null;
}

/**
 * A conversation is read and answered by its participants, and a care-team conversation by
 * whoever the `care-team` rule lets at that patient. In memory, for the push fan-out: one
 * acting for a patient is told the grant they hold (`grantOf`), read again as their stream is.
 */
export function conversationRule(
  actor: Actor,
  conversation: ConversationParties,
  grant: KnownGrant | null = null,
): boolean {
  if (actor.onBehalfOf === null && conversation.participantIds.includes(actor.caller.id)) {
    return true;
  }
  return (
    conversation.carePatientId !== null &&
    allows(actor, 'care-team', conversation.carePatientId, { caresFor: false, grant })
  );
}

/** The same rule as SQL, for queries over `conversations`. */
export function conversationFilter(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'conversations'>): Expression<SqlBool> => {
    const participant =
      actor.onBehalfOf === null
        ? sql<SqlBool>`(${eb.ref('conversations.participant_ids')} @> array[${actor.caller.id}]::text[])`
        : never;
    const carePatient = eb.ref('conversations.care_team_patient_id') as Expression<string>;
    return sql<SqlBool>`(${participant} or (${carePatient} is not null and ${permits(actor, 'care-team', carePatient)}))`;
  };
}

/** Whether the actor acts on someone else's data: such reads are audited. */
export function actsOnSomeoneElse(actor: Actor, patientId: string | null): boolean {
  return patientId !== actor.caller.id || actor.onBehalfOf !== null;
}

export function patientAccess(db: Kysely<Database>) {
  return {
    permits,

    /** The grant the actor holds for the patient they act for, for the in-memory form; null when none. */
    async grantOf(actor: Actor): Promise<KnownGrant | null> {
      if (actor.onBehalfOf === null) return null;
      const row = await db
        .selectFrom('care_grants')
        .select(['may_record', 'may_message', 'may_visits', 'guardian'])
        .where('caregiver_id', '=', actor.caller.id)
        .where('patient_id', '=', actor.onBehalfOf)
        .executeTakeFirst();
      return row
        ? {
            record: row.may_record,
            message: row.may_message,
            visits: row.may_visits,
            guardian: row.guardian,
          }
        : null;
    },

    /** Whether the actor may take `action` on this patient: the filter, for one patient. */
    async can(actor: Actor, action: PatientAction, patientId: string): Promise<boolean> {
      const row = await db
        .selectNoFrom(
          sql<boolean | null>`${permits(actor, action, sql.val(patientId))}`.as('allowed'),
        )
        .executeTakeFirstOrThrow();
      return row.allowed === true;
    },

    /** Those of the ids whose patient the actor may take `action` on: the filter, for a list. */
    async permittedAmong(
      actor: Actor,
      action: PatientAction,
      patientIds: readonly string[],
    ): Promise<Set<string>> {
      if (patientIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('user')
        .select('user.id')
        .where('user.id', 'in', [...new Set(patientIds)])
        .where((eb) => permits(actor, action, eb.ref('user.id')))
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Whether the id is a patient's (an account without a role is one) and the actor may take
     * `action` on their record: one statement, where a patient's record is asked for by id.
     */
    async canOnPatientRecord(
      actor: Actor,
      action: PatientAction,
      patientId: string,
    ): Promise<boolean> {
      const row = await db
        .selectNoFrom(
          sql<boolean | null>`(exists (
              select 1 from "user" record_owner
              left join profiles record_profile on record_profile.id = record_owner.id
              where record_owner.id = ${patientId}
                and coalesce(record_profile.role, ${defaultRole}) = 'patient'
            ) and ${permits(actor, action, sql.val(patientId))})`.as('allowed'),
        )
        .executeTakeFirstOrThrow();
      return row.allowed === true;
    },
  };
}

export type PatientAccess = ReturnType<typeof patientAccess>;
