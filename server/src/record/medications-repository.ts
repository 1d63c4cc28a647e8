import { sql, type Kysely } from 'kysely';
import { clinicDayStart, type ClinicDay } from '@shared/clinic-time';
import {
  doseAmountSchema,
  foodRelationSchema,
  timeOfDaySchema,
  type DoseAmount,
  type FoodRelation,
  type TimeOfDay,
} from '@shared/medications';
import { defaultRole, roleSchema, type Role } from '@shared/role';
import type { Database } from '../db/schema';
import { inDayOrder, type Prescription, type TakenDose } from './medication-schedule';
import { personName } from '../profiles/person-name';

/** A prescription to store, under the id the doctor's client chose. */
export interface NewPrescription {
  id: string;
  patientId: string;
  prescriberId: string;
  medicine: string;
  dose: DoseAmount;
  food: FoodRelation;
  times: readonly TimeOfDay[];
  startDay: ClinicDay;
  days: number | null;
  note: string | null;
  prescribedAt: Date;
}

/** A dose to record as taken, under the id the client chose. */
export interface NewTakenDose {
  id: string;
  medicationId: string;
  patientId: string;
  day: ClinicDay;
  timeOfDay: TimeOfDay;
  at: Date;
  recorderId: string;
  recorderRole: Role;
}

function timesOf(stored: readonly string[]): TimeOfDay[] {
  return inDayOrder(stored.flatMap((time) => timeOfDaySchema.safeParse(time).data ?? []));
}

/**
 * Medications, stored as FHIR MedicationRequests (`medication_requests`) and the doses taken
 * as MedicationAdministrations (`medication_administrations`), both under the client's ids.
 * Days are read back as the text of the date, never as a Date in the server's zone.
 */
export function medicationsRepository(db: Kysely<Database>) {
  function prescriptionsQuery() {
    return db
      .selectFrom('medication_requests as m')
      .leftJoin('profiles as prescriber', 'prescriber.id', 'm.prescriber_id')
      .leftJoin('profiles as stopper', 'stopper.id', 'm.stopped_by')
      .select([
        'm.id',
        'm.patient_id',
        'm.medicine',
        'm.dose',
        'm.dose_amount',
        'm.dose_form',
        'm.food',
        'm.times',
        sql<string>`m.start_day::text`.as('start_day'),
        'm.days',
        'm.note',
        'm.prescriber_id',
        'prescriber.first_name as prescriber_first_name',
        'prescriber.last_name as prescriber_last_name',
        'm.prescribed_at',
        'm.stopped_at',
        'm.stopped_by',
        'stopper.first_name as stopper_first_name',
        'stopper.last_name as stopper_last_name',
        'm.stop_reason',
      ])
      .orderBy('m.prescribed_at', 'desc')
      .orderBy('m.id');
  }

  type PrescriptionRow = Awaited<ReturnType<ReturnType<typeof prescriptionsQuery>['execute']>>[0];

  /** The structured dose, or the words of one written before doses were structured. */
  function doseOf(row: PrescriptionRow): Pick<Prescription, 'dose' | 'writtenDose'> {
    const dose = doseAmountSchema.safeParse({
      amount: row.dose_amount,
      form: row.dose_form,
    }).data;
    return dose ? { dose, writtenDose: null } : { dose: null, writtenDose: row.dose ?? '' };
  }

  function toPrescription(row: PrescriptionRow): Prescription {
    const stopped =
      row.stopped_at !== null && row.stopped_by !== null
        ? {
            at: new Date(row.stopped_at),
            by: {
              id: row.stopped_by,
              name: personName(row.stopper_first_name, row.stopper_last_name),
            },
            reason: row.stop_reason ?? '',
          }
        : null;
    return {
      id: row.id,
      patientId: row.patient_id,
      medicine: row.medicine,
      ...doseOf(row),
      food: foodRelationSchema.safeParse(row.food).data ?? 'any',
      times: timesOf(row.times),
      startDay: row.start_day,
      days: row.days,
      note: row.note,
      prescribedBy: {
        id: row.prescriber_id,
        name: personName(row.prescriber_first_name, row.prescriber_last_name),
      },
      prescribedAt: new Date(row.prescribed_at),
      stopped,
    };
  }

  function takenQuery(patientId: string) {
    return db
      .selectFrom('medication_administrations')
      .select([
        'id',
        'request_id',
        sql<string>`day::text`.as('day'),
        'time_of_day',
        'taken_at',
        'recorder_id',
        'recorder_role',
      ])
      .where('patient_id', '=', patientId);
  }

  type TakenRow = Awaited<ReturnType<ReturnType<typeof takenQuery>['execute']>>[0];

  function toTaken(row: TakenRow): TakenDose[] {
    const timeOfDay = timeOfDaySchema.safeParse(row.time_of_day).data;
    if (timeOfDay === undefined) return [];
    return [
      {
        id: row.id,
        medicationId: row.request_id,
        day: row.day,
        timeOfDay,
        at: new Date(row.taken_at),
        by: {
          id: row.recorder_id,
          role: roleSchema.safeParse(row.recorder_role).data ?? defaultRole,
        },
      },
    ];
  }

  return {
    /** The prescription under this id, whoever's it is, or null. */
    async find(id: string): Promise<Prescription | null> {
      const row = await prescriptionsQuery().where('m.id', '=', id).executeTakeFirst();
      return row === undefined ? null : toPrescription(row);
    },

    /** Every prescription of the patient's, newest prescribed first. */
    async list(patientId: string): Promise<Prescription[]> {
      const rows = await prescriptionsQuery().where('m.patient_id', '=', patientId).execute();
      return rows.map(toPrescription);
    },

    /** Every prescription of these patients', newest prescribed first: a list's adherence. */
    async listAmong(patientIds: readonly string[]): Promise<Prescription[]> {
      if (patientIds.length === 0) return [];
      const rows = await prescriptionsQuery()
        .where('m.patient_id', 'in', [...new Set(patientIds)])
        .execute();
      return rows.map(toPrescription);
    },

    /**
     * The patient's prescriptions that may have a dose on the clinic day: started by then,
     * not over before it, and not stopped before it began. Newest prescribed first.
     */
    async onDay(patientId: string, day: ClinicDay): Promise<Prescription[]> {
      const rows = await prescriptionsQuery()
        .where('m.patient_id', '=', patientId)
        .where(sql<boolean>`m.start_day <= ${day}::date`)
        .where(sql<boolean>`(m.days is null or m.start_day + m.days - 1 >= ${day}::date)`)
        .where((eb) =>
          eb.or([eb('m.stopped_at', 'is', null), eb('m.stopped_at', '>', clinicDayStart(day))]),
        )
        .execute();
      return rows.map(toPrescription);
    },

    /** Stores a prescription once: false when one is stored under its id already. */
    async prescribe(input: NewPrescription): Promise<boolean> {
      const inserted = await db
        .insertInto('medication_requests')
        .values({
          id: input.id,
          patient_id: input.patientId,
          prescriber_id: input.prescriberId,
          medicine: input.medicine,
          dose_amount: input.dose.amount,
          dose_form: input.dose.form,
          food: input.food,
          times: sql<string[]>`array[${sql.join(inDayOrder(input.times))}]::text[]`,
          start_day: input.startDay,
          days: input.days,
          note: input.note,
          prescribed_at: input.prescribedAt,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Stops a prescription that is not stopped yet: false when it was already. */
    async stop(id: string, stop: { at: Date; by: string; reason: string }): Promise<boolean> {
      const updated = await db
        .updateTable('medication_requests')
        .set({ stopped_at: stop.at, stopped_by: stop.by, stop_reason: stop.reason })
        .where('id', '=', id)
        .where('stopped_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    /** The patient's doses taken from one clinic day to another, both included. */
    async taken(patientId: string, from: ClinicDay, to: ClinicDay): Promise<TakenDose[]> {
      const rows = await takenQuery(patientId)
        .where(sql<boolean>`day between ${from}::date and ${to}::date`)
        .execute();
      return rows.flatMap(toTaken);
    },

    /** These patients' doses taken from one clinic day to another, both included, by patient. */
    async takenAmong(
      patientIds: readonly string[],
      from: ClinicDay,
      to: ClinicDay,
    ): Promise<Map<string, TakenDose[]>> {
      const byPatient = new Map<string, TakenDose[]>();
      if (patientIds.length === 0) return byPatient;
      const rows = await db
        .selectFrom('medication_administrations')
        .select([
          'id',
          'patient_id',
          'request_id',
          sql<string>`day::text`.as('day'),
          'time_of_day',
          'taken_at',
          'recorder_id',
          'recorder_role',
        ])
        .where('patient_id', 'in', [...new Set(patientIds)])
        .where(sql<boolean>`day between ${from}::date and ${to}::date`)
        .execute();
      for (const row of rows) {
        byPatient.set(row.patient_id, [...(byPatient.get(row.patient_id) ?? []), ...toTaken(row)]);
      }
      return byPatient;
    },

    /** The dose of the prescription on that day at that time, when it was taken; else null. */
    async takenDose(
      patientId: string,
      medicationId: string,
      day: ClinicDay,
      timeOfDay: TimeOfDay,
    ): Promise<TakenDose | null> {
      const row = await takenQuery(patientId)
        .where('request_id', '=', medicationId)
        .where(sql<boolean>`day = ${day}::date`)
        .where('time_of_day', '=', timeOfDay)
        .executeTakeFirst();
      return row === undefined ? null : (toTaken(row)[0] ?? null);
    },

    /**
     * Records a dose taken once: false when that dose was recorded already, or its id was
     * used before (the caller reads which).
     */
    async markTaken(input: NewTakenDose): Promise<boolean> {
      const inserted = await db
        .insertInto('medication_administrations')
        .values({
          id: input.id,
          request_id: input.medicationId,
          patient_id: input.patientId,
          day: input.day,
          time_of_day: input.timeOfDay,
          taken_at: input.at,
          recorder_id: input.recorderId,
          recorder_role: input.recorderRole,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}

export type MedicationsRepository = ReturnType<typeof medicationsRepository>;
