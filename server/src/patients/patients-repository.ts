import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { appointmentStatuses, type AppointmentStatus } from '@shared/appointments';
import type { PatientListAppointment } from '@shared/patient-list';
import { shownAddress } from '@shared/auth';
import { defaultRole } from '@shared/role';
import { verifiedPhoneSql } from '../auth/better-auth';
import type { Database } from '../db/schema';
import { displayName } from '../profiles/person-name';

/** Which patients a list may hold, as SQL over a patient's id: the access rule's filter. */
export type PatientFilter = (patient: Expression<string>) => Expression<SqlBool>;

/** What a staff member's list of patients asks for. */
export interface PatientListFilter {
  /** Part of a name or of a phone number; null lists everyone the filter lets through. */
  search: string | null;
  limit: number;
}

/** A patient as a list shows them, before what the service adds. */
export interface ListedPatient {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  lastVisitAt: string | null;
  lastAppointment: PatientListAppointment | null;
  nextAppointment: PatientListAppointment | null;
}

/** The appointment's words, as a `json_build_object` the driver hands back parsed. */
interface AppointmentJson {
  id: string;
  starts_at: string;
  status: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

function appointmentOf(row: AppointmentJson | null): PatientListAppointment | null {
  if (row === null) return null;
  const status = appointmentStatuses.find((known) => known === row.status);
  if (status === undefined) return null;
  return {
    id: row.id,
    startsAt: new Date(row.starts_at).toISOString(),
    status: status satisfies AppointmentStatus,
    doctorName: displayName(row.first_name, row.last_name, row.email, 'Doctor'),
  };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The patient's name or phone number holds the search (a phone's digits, however written). */
function matchesSearch(search: string): RawBuilder<boolean> {
  const words = `%${likeLiteral(search)}%`;
  const name = sql`concat_ws(' ', p.first_name, p.last_name, u.name)`;
  const digits = search.replace(/\D/g, '');
  const byPhone =
    digits.length >= 3
      ? sql`or regexp_replace(coalesce(${verifiedPhoneSql('u')}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
      : sql``;
  return sql<boolean>`(${name} ilike ${words} ${byPhone})`;
}

/**
 * One appointment of the patient's, as JSON with its doctor's name: the first in `order` of
 * those `where` lets through.
 */
function appointmentJson(where: RawBuilder<unknown>, order: RawBuilder<unknown>) {
  return sql<AppointmentJson | null>`(
    select json_build_object(
      'id', a.id, 'starts_at', a.starts_at, 'status', a.status,
      'first_name', doctor.first_name, 'last_name', doctor.last_name, 'email', doctor_user.email)
    from appointments a
    left join profiles doctor on doctor.id = a.doctor_id
    left join "user" doctor_user on doctor_user.id = a.doctor_id
    where a.patient_id = u.id and ${where}
    order by ${order}
    limit 1
  )`;
}

/** The staff's lists of patients: who, how to reach them, and their appointments. */
export function patientsRepository(db: Kysely<Database>) {
  async function list(
    visible: PatientFilter,
    filter: PatientListFilter,
    appointments: { doctors: RawBuilder<unknown>; withVisits: boolean },
  ): Promise<ListedPatient[]> {
    const { doctors } = appointments;
    const lastVisit = appointments.withVisits
      ? sql<Date | null>`(
          select max(coalesce(v.ended_at, v.started_at)) from visits v
          where v.patient_id = u.id and v.status in ('waiting', 'in_progress', 'finished'))`
      : sql<Date | null>`null::timestamptz`;
    const next = appointmentJson(
      sql`a.doctor_id in (${doctors}) and a.status in ('booked', 'checked_in', 'in_visit')
        and a.ends_at > now()`,
      sql`a.starts_at, a.id`,
    );
    const last = appointmentJson(
      sql`a.doctor_id in (${doctors}) and a.starts_at <= now()`,
      sql`a.starts_at desc, a.id`,
    );
    let query = db
      .selectFrom('user as u')
      .leftJoin('profiles as p', 'p.id', 'u.id')
      .select([
        'u.id',
        'u.email',
        'u.name',
        'p.first_name',
        'p.last_name',
        verifiedPhoneSql('u').as('phone'),
        lastVisit.as('last_visit_at'),
        next.as('next_appointment'),
        last.as('last_appointment'),
      ])
      .where(sql<boolean>`coalesce(p.role, ${defaultRole}) = 'patient'`)
      .where((eb) => visible(eb.ref('u.id')));
    if (filter.search !== null && filter.search !== '') {
      query = query.where(matchesSearch(filter.search));
    }
    // Most recent first: their last visit or appointment, whichever is later.
    const rows = await query
      .orderBy(sql`greatest(${lastVisit}, ((${last})->>'starts_at')::timestamptz) desc nulls last`)
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(filter.limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: displayName(row.first_name, row.last_name, row.email, 'Patient'),
      email: shownAddress(row.email),
      phone: row.phone,
      lastVisitAt: row.last_visit_at === null ? null : new Date(row.last_visit_at).toISOString(),
      lastAppointment: appointmentOf(row.last_appointment),
      nextAppointment: appointmentOf(row.next_appointment),
    }));
  }

  return {
    /** The patients the filter lets a doctor at, with their next appointment with that doctor. */
    async inCareOf(
      doctorId: string,
      visible: PatientFilter,
      filter: PatientListFilter,
    ): Promise<ListedPatient[]> {
      return list(visible, filter, { doctors: sql`${doctorId}`, withVisits: true });
    },

    /**
     * The patients of a clinic: booked with or seen by one of its doctors. Only that clinic's
     * appointments are shown, and nothing of their visits.
     */
    async ofClinic(clinicId: string, filter: PatientListFilter): Promise<ListedPatient[]> {
      const doctors = sql`select clinic_doctor.id from profiles clinic_doctor
        where clinic_doctor.clinic_id = ${clinicId} and clinic_doctor.role = 'doctor'`;
      const ofClinic: PatientFilter = (patient) => sql<SqlBool>`(exists (
          select 1 from appointments clinic_appointment
          where clinic_appointment.patient_id = ${patient}
            and clinic_appointment.doctor_id in (${doctors})
        ) or exists (
          select 1 from visits clinic_visit
          where clinic_visit.patient_id = ${patient} and clinic_visit.doctor_id in (${doctors})
        ))`;
      return list(ofClinic, filter, { doctors, withVisits: false });
    },
  };
}

export type PatientsRepository = ReturnType<typeof patientsRepository>;
