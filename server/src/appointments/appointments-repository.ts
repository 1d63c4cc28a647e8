import { sql, type Kysely } from 'kysely';
import {
  appointmentStatuses,
  appointmentTransitions,
  checkInOpensMs,
  noShowAfterStartMs,
  suggestedWeek,
  weekdays,
  type Appointment,
  type AppointmentStatus,
  type DoctorListEntry,
  type SaveDoctorHours,
  type Weekday,
  type WorkingDay,
} from '@shared/appointments';
import { clinicDayOf, clinicTimeOf, clinicToday, type ClinicDay } from '@shared/clinic-time';
import type { VisitStatus } from '@shared/visits';
import type { Database } from '../db/schema';
import { displayName } from '../profiles/person-name';
import type { Hours } from './free-slots';

/** The most appointments one list answer carries. */
export const appointmentListLimit = 200;

/** Who an appointment belongs to and where it stands: what the access rules need. */
export interface AppointmentFacts {
  id: string;
  /** As it stands now: a booked one past its no-show time reads as a no-show. */
  status: AppointmentStatus;
  patientId: string;
  doctorId: string;
  startsAt: Date;
  reason: string;
  visitId: string | null;
}

/** A status change that happened: recorded in the trail and announced to the doctor. */
export interface AppointmentChange {
  id: string;
  patientId: string;
  doctorId: string;
  from: AppointmentStatus;
  to: AppointmentStatus;
}

/** A new booking, under the id the patient's client chose. */
export interface NewAppointment {
  id: string;
  patientId: string;
  doctorId: string;
  startsAt: Date;
  endsAt: Date;
  reason: string;
  bookedBy: string;
}

/** The unique keys that hold bookings: one slot per doctor, one a day per patient and doctor. */
export type HeldKey = 'slot' | 'day';

/**
 * Which booking key an insert or update ran into, or null for any other failure. PostgreSQL
 * and PGlite both answer 23505 and name the index.
 */
export function heldKeyOf(error: unknown): HeldKey | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  if (error.code !== '23505') return null;
  const named = [
    'constraint' in error ? String(error.constraint) : '',
    'message' in error ? String(error.message) : '',
  ].join(' ');
  if (named.includes('appointments_one_per_slot_idx')) return 'slot';
  if (named.includes('appointments_one_a_day_idx')) return 'day';
  return null;
}

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/** An appointment's status as it stands now, as SQL over `a`. */
const statusNow = sql<string>`case when a.status = 'booked'
  and a.starts_at <= now() - ${seconds(noShowAfterStartMs)} then 'no_show' else a.status end`;

/** The statuses an appointment may move to `to` from: the shared transition table. */
function fromsOf(to: AppointmentStatus): AppointmentStatus[] {
  return appointmentStatuses.filter((from) => appointmentTransitions[from].includes(to));
}

/** What a visit's move makes of its appointment: it follows the visit. */
const followsVisit: Partial<Record<VisitStatus, AppointmentStatus>> = {
  waiting: 'in_visit',
  in_progress: 'in_visit',
  finished: 'finished',
  cancelled: 'cancelled',
  no_show: 'no_show',
};

const toMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
const pad = (value: number) => String(value).padStart(2, '0');
const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function asStatus(value: string): AppointmentStatus {
  return (appointmentStatuses as readonly string[]).includes(value)
    ? (value as AppointmentStatus)
    : 'cancelled';
}

/**
 * Doctors' hours (`doctor_hours`, `doctor_working_days`, `doctor_days_off`: a FHIR Schedule)
 * and appointments. Days are read as the text of the date, never as a Date in the server's
 * zone; a booked appointment past its no-show time reads as a no-show before the clock has
 * stored it.
 */
export function appointmentsRepository(db: Kysely<Database>) {
  function appointmentsQuery() {
    return db
      .selectFrom('appointments as a')
      .leftJoin('profiles as pp', 'pp.id', 'a.patient_id')
      .leftJoin('user as pu', 'pu.id', 'a.patient_id')
      .leftJoin('profiles as dp', 'dp.id', 'a.doctor_id')
      .leftJoin('user as du', 'du.id', 'a.doctor_id')
      .select([
        'a.id',
        statusNow.as('status'),
        'a.patient_id',
        'a.doctor_id',
        'a.starts_at',
        'a.ends_at',
        'a.reason',
        'a.visit_id',
        'a.checked_in_at',
        'pp.first_name as patient_first',
        'pp.last_name as patient_last',
        'pu.email as patient_email',
        'dp.first_name as doctor_first',
        'dp.last_name as doctor_last',
        'du.email as doctor_email',
      ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof appointmentsQuery>['executeTakeFirstOrThrow']>>;

  function toAppointment(row: Row): Appointment {
    const startsAt = new Date(row.starts_at);
    return {
      id: row.id,
      status: asStatus(row.status),
      patientId: row.patient_id,
      patientName: displayName(row.patient_first, row.patient_last, row.patient_email, 'Patient'),
      doctorId: row.doctor_id,
      doctorName: displayName(row.doctor_first, row.doctor_last, row.doctor_email, 'Doctor'),
      startsAt: startsAt.toISOString(),
      endsAt: new Date(row.ends_at).toISOString(),
      day: clinicDayOf(startsAt),
      time: clinicTimeOf(startsAt),
      reason: row.reason,
      checkInOpensAt: new Date(startsAt.getTime() - checkInOpensMs).toISOString(),
      visitId: row.visit_id,
      checkedInAt: row.checked_in_at === null ? null : new Date(row.checked_in_at).toISOString(),
    };
  }

  async function appointment(id: string): Promise<Appointment | null> {
    const row = await appointmentsQuery().where('a.id', '=', id).executeTakeFirst();
    return row ? toAppointment(row) : null;
  }

  /** The doctors (accounts whose role is doctor), each with their name and whether they saved hours. */
  function doctorsQuery() {
    return db
      .selectFrom('profiles as p')
      .innerJoin('user as u', 'u.id', 'p.id')
      .leftJoin('doctor_hours as h', 'h.doctor_id', 'p.id')
      .select([
        'p.id',
        'p.first_name',
        'p.last_name',
        'u.email',
        sql<boolean>`h.doctor_id is not null`.as('saved'),
      ])
      .where('p.role', '=', 'doctor')
      .orderBy('p.first_name')
      .orderBy('p.last_name')
      .orderBy('p.id');
  }

  const nameOf = (row: { first_name: string | null; last_name: string | null; email: string }) =>
    displayName(row.first_name, row.last_name, row.email, 'Doctor');

  async function doctor(id: string): Promise<DoctorListEntry | null> {
    const row = await doctorsQuery().where('p.id', '=', id).executeTakeFirst();
    return row ? { id: row.id, name: nameOf(row), saved: row.saved } : null;
  }

  /**
   * The saved hours of a doctor (an account whose role is doctor) with their days off from
   * `from` on; null when never saved, or when the id is not a doctor's.
   */
  async function savedHours(
    doctorId: string,
    from: ClinicDay,
  ): Promise<{ slotMinutes: number; week: WorkingDay[]; daysOff: ClinicDay[] } | null> {
    const [days, off] = await Promise.all([
      db
        .selectFrom('doctor_hours as h')
        .innerJoin('profiles as p', (join) =>
          join.onRef('p.id', '=', 'h.doctor_id').on('p.role', '=', 'doctor'),
        )
        .leftJoin('doctor_working_days as w', 'w.doctor_id', 'h.doctor_id')
        .select(['h.slot_minutes', 'w.weekday', 'w.start_minute', 'w.end_minute'])
        .where('h.doctor_id', '=', doctorId)
        .orderBy('w.weekday')
        .execute(),
      db
        .selectFrom('doctor_days_off')
        .select(sql<string>`day::text`.as('day'))
        .where('doctor_id', '=', doctorId)
        .where('day', '>=', from)
        .orderBy('day')
        .execute(),
    ]);
    const [first] = days;
    if (!first) return null;
    const week: WorkingDay[] = [];
    for (const day of days) {
      if (day.weekday === null || day.start_minute === null || day.end_minute === null) continue;
      if (!(weekdays as readonly number[]).includes(day.weekday)) continue;
      week.push({
        weekday: day.weekday as Weekday,
        start: timeOf(day.start_minute),
        end: timeOf(Math.min(day.end_minute, 23 * 60 + 59)),
      });
    }
    return { slotMinutes: first.slot_minutes, week, daysOff: off.map((row) => row.day) };
  }

  return {
    appointment,

    /** Who an appointment belongs to and where it stands now, whoever asks. */
    async facts(id: string): Promise<AppointmentFacts | null> {
      const row = await db
        .selectFrom('appointments as a')
        .select([
          'a.id',
          statusNow.as('status'),
          'a.patient_id',
          'a.doctor_id',
          'a.starts_at',
          'a.reason',
          'a.visit_id',
        ])
        .where('a.id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            status: asStatus(row.status),
            patientId: row.patient_id,
            doctorId: row.doctor_id,
            startsAt: new Date(row.starts_at),
            reason: row.reason,
            visitId: row.visit_id,
          }
        : null;
    },

    /** Every doctor, for the hours editor's list. */
    async doctors(): Promise<DoctorListEntry[]> {
      const rows = await doctorsQuery().execute();
      return rows.map((row) => ({ id: row.id, name: nameOf(row), saved: row.saved }));
    },

    /** A doctor by id, or null when the id is not a doctor's. */
    doctor,

    /** The doctors a patient may book with: those who saved hours with a working day. */
    async bookableDoctors(): Promise<{ id: string; name: string }[]> {
      const rows = await doctorsQuery()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('doctor_working_days as w')
              .select('w.weekday')
              .whereRef('w.doctor_id', '=', 'p.id'),
          ),
        )
        .execute();
      return rows.map((row) => ({ id: row.id, name: nameOf(row) }));
    },

    /**
     * A doctor's hours as the editor shows them, with days off from `today` on; null when the
     * id is not a doctor's. Never saved: `suggestedWeek`, and nothing is offered.
     */
    async hours(doctorId: string, today: ClinicDay = clinicToday()) {
      const found = await doctor(doctorId);
      if (!found) return null;
      const saved = await savedHours(doctorId, today);
      // Never saved: the visit length of the doctor's clinic, which its administrator sets.
      const clinic = await db
        .selectFrom('profiles as d')
        .innerJoin('clinics as c', 'c.id', 'd.clinic_id')
        .select('c.visit_minutes')
        .where('d.id', '=', doctorId)
        .executeTakeFirst();
      return {
        doctorId,
        doctorName: found.name,
        saved: saved !== null,
        slotMinutes: saved?.slotMinutes ?? clinic?.visit_minutes ?? 15,
        week: saved?.week ?? [...suggestedWeek],
        daysOff: saved?.daysOff ?? [],
      };
    },

    /**
     * What the free slots are made from, or null when the id is not a doctor's or the doctor
     * has never saved hours.
     */
    async slotHours(doctorId: string, today: ClinicDay): Promise<Hours | null> {
      const saved = await savedHours(doctorId, today);
      return saved && { ...saved, daysOff: new Set(saved.daysOff) };
    },

    /** The saved hours of every doctor who keeps some: what the clinic's hours are made of. */
    async clinicHours(today: ClinicDay): Promise<Hours[]> {
      const doctors = await doctorsQuery()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('doctor_working_days as w')
              .select('w.weekday')
              .whereRef('w.doctor_id', '=', 'p.id'),
          ),
        )
        .execute();
      const hours = await Promise.all(
        doctors.map(async (row) => {
          const saved = await savedHours(row.id, today);
          return saved && { ...saved, daysOff: new Set(saved.daysOff) };
        }),
      );
      return hours.filter((each) => each !== null);
    },

    /** Replaces the doctor's week, slot length and days off at once. */
    async saveHours(
      doctorId: string,
      input: Omit<SaveDoctorHours, 'slotMinutes'> & { slotMinutes: number },
      by: string,
    ): Promise<void> {
      await db
        .insertInto('doctor_hours')
        .values({ doctor_id: doctorId, slot_minutes: input.slotMinutes, updated_by: by })
        .onConflict((oc) =>
          oc.column('doctor_id').doUpdateSet({
            slot_minutes: input.slotMinutes,
            updated_by: by,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
      await db.deleteFrom('doctor_working_days').where('doctor_id', '=', doctorId).execute();
      await db.deleteFrom('doctor_days_off').where('doctor_id', '=', doctorId).execute();
      if (input.week.length > 0) {
        await db
          .insertInto('doctor_working_days')
          .values(
            input.week.map((day) => ({
              doctor_id: doctorId,
              weekday: day.weekday,
              start_minute: toMinutes(day.start),
              end_minute: toMinutes(day.end),
            })),
          )
          .execute();
      }
      const daysOff = [...new Set(input.daysOff)];
      if (daysOff.length > 0) {
        await db
          .insertInto('doctor_days_off')
          .values(daysOff.map((day) => ({ doctor_id: doctorId, day })))
          .execute();
      }
    },

    /** The starts of the doctor's appointments holding a slot in `[from, to)`, as epoch milliseconds. */
    async takenStarts(doctorId: string, from: Date, to: Date): Promise<Set<number>> {
      const rows = await db
        .selectFrom('appointments')
        .select('starts_at')
        .where('doctor_id', '=', doctorId)
        .where('status', 'in', ['booked', 'checked_in', 'in_visit', 'finished'])
        .where('starts_at', '>=', from)
        .where('starts_at', '<', to)
        .execute();
      return new Set(rows.map((row) => new Date(row.starts_at).getTime()));
    },

    /**
     * Stores a booking once under its id: created false when the id was stored already (a
     * resend). A slot or day another booking holds fails on its unique key (`heldKeyOf`).
     */
    async book(input: NewAppointment): Promise<boolean> {
      const row = await db
        .insertInto('appointments')
        .values({
          id: input.id,
          patient_id: input.patientId,
          doctor_id: input.doctorId,
          status: 'booked',
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          day: clinicDayOf(input.startsAt),
          reason: input.reason,
          booked_by: input.bookedBy,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Moves a booked appointment of the patient to another slot (and doctor); false when it is
     * not booked any more. The unique keys decide between two patients moving to one slot.
     */
    async reschedule(
      id: string,
      patientId: string,
      to: { doctorId: string; startsAt: Date; endsAt: Date },
    ): Promise<boolean> {
      const result = await db
        .updateTable('appointments')
        .set({
          doctor_id: to.doctorId,
          starts_at: to.startsAt,
          ends_at: to.endsAt,
          day: clinicDayOf(to.startsAt),
        })
        .where('id', '=', id)
        .where('patient_id', '=', patientId)
        .where('status', '=', 'booked')
        .where(sql<boolean>`starts_at > now() - ${seconds(noShowAfterStartMs)}`)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The one way an appointment's status changes by a person: from `from` to `to` when it
     * still stands there (and, for a booked one, before its no-show time). Null when it moved.
     */
    async move(
      id: string,
      from: AppointmentStatus,
      to: AppointmentStatus,
      also: { visitId?: string; checkedIn?: true; ended?: true; beforeStart?: true } = {},
    ): Promise<AppointmentChange | null> {
      if (!appointmentTransitions[from].includes(to)) {
        throw new Error(`An appointment may not move from ${from} to ${to}`);
      }
      let query = db
        .updateTable('appointments')
        .set({
          status: to,
          ...(also.visitId !== undefined ? { visit_id: also.visitId } : {}),
          ...(also.checkedIn ? { checked_in_at: sql<Date>`now()` } : {}),
          ...(also.ended ? { ended_at: sql<Date>`now()` } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', from);
      if (from === 'booked') {
        query = query.where(sql<boolean>`starts_at > now() - ${seconds(noShowAfterStartMs)}`);
      }
      if (also.beforeStart) query = query.where(sql<boolean>`starts_at > now()`);
      if (also.checkedIn) {
        query = query.where(sql<boolean>`starts_at <= now() + ${seconds(checkInOpensMs)}`);
      }
      const row = await query.returning(['id', 'patient_id', 'doctor_id']).executeTakeFirst();
      return row
        ? { id: row.id, patientId: row.patient_id, doctorId: row.doctor_id, from, to }
        : null;
    },

    /**
     * The appointment of a visit follows the visit's move (started: in visit; finished,
     * cancelled, a no-show: the same), in the transaction of the move. Null when the visit
     * has no appointment or the appointment is there already.
     */
    async followVisit(visitId: string, status: VisitStatus): Promise<AppointmentChange | null> {
      const to = followsVisit[status];
      if (to === undefined) return null;
      const { rows } = await sql<{
        id: string;
        patient_id: string;
        doctor_id: string;
        from: string;
      }>`
        with before as (
          select id, status from appointments
          where visit_id = ${visitId} and status in (${sql.join(fromsOf(to))})
          for update
        )
        update appointments a set status = ${to},
          ended_at = ${to === 'in_visit' ? sql`a.ended_at` : sql`now()`}
        from before where a.id = before.id
        returning a.id, a.patient_id, a.doctor_id, before.status as from`.execute(db);
      const row = rows[0];
      return row
        ? {
            id: row.id,
            patientId: row.patient_id,
            doctorId: row.doctor_id,
            from: asStatus(row.from),
            to,
          }
        : null;
    },

    /**
     * The clock's rule: every booked appointment nobody checked in to by `noShowAfterStartMs`
     * after its start is a no-show, in one statement safe with several processes; with
     * `only`, only that appointment, or that patient's.
     */
    async markNoShows(
      only: { id?: string; patientId?: string } = {},
    ): Promise<AppointmentChange[]> {
      const { rows } = await sql<{ id: string; patient_id: string; doctor_id: string }>`
        update appointments set status = 'no_show', ended_at = now()
        where status = 'booked' and starts_at <= now() - ${seconds(noShowAfterStartMs)}
          ${only.id === undefined ? sql`` : sql`and id = ${only.id}`}
          ${only.patientId === undefined ? sql`` : sql`and patient_id = ${only.patientId}`}
        returning id, patient_id, doctor_id`.execute(db);
      return rows.map((row) => ({
        id: row.id,
        patientId: row.patient_id,
        doctorId: row.doctor_id,
        from: 'booked',
        to: 'no_show',
      }));
    },

    /** The patient's appointments: those not over, soonest first, then the rest, latest first. */
    async listOf(patientId: string): Promise<Appointment[]> {
      const rows = await appointmentsQuery()
        .where('a.patient_id', '=', patientId)
        .orderBy(sql`${statusNow} in ('booked', 'checked_in', 'in_visit')`, 'desc')
        .orderBy(
          sql`case when ${statusNow} in ('booked', 'checked_in', 'in_visit')
            then extract(epoch from a.starts_at) else -extract(epoch from a.starts_at) end`,
        )
        .orderBy('a.id')
        .limit(appointmentListLimit)
        .execute();
      return rows.map(toAppointment);
    },

    /** The patient's next appointment not over: booked, checked in or in its visit. */
    async nextOf(patientId: string): Promise<Appointment | null> {
      const row = await appointmentsQuery()
        .where('a.patient_id', '=', patientId)
        .where(sql<boolean>`${statusNow} in ('booked', 'checked_in', 'in_visit')`)
        .orderBy('a.starts_at')
        .orderBy('a.id')
        .executeTakeFirst();
      return row ? toAppointment(row) : null;
    },

    /** A doctor's appointments of one clinic day, every status, earliest first. */
    async dayOf(doctorId: string, day: ClinicDay): Promise<Appointment[]> {
      const rows = await appointmentsQuery()
        .where('a.doctor_id', '=', doctorId)
        .where('a.day', '=', day)
        .orderBy('a.starts_at')
        .orderBy('a.id')
        .limit(appointmentListLimit)
        .execute();
      return rows.map(toAppointment);
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof appointmentsRepository>;
