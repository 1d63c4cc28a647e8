import type { Kysely } from 'kysely';
import { uploadContentPath } from '@shared/uploads';
import type { ChartCarer, ChartDocument, ChartVisit } from '@shared/chart';
import type { Relationship } from '@shared/care-permissions';
import type { Database } from '../db/schema';
import type { BirthFacts } from '@shared/patient-age';
import { displayName } from '../profiles/person-name';

/** Who a patient is, as their profile and account say. */
export interface PatientFacts extends BirthFacts {
  name: string;
  gender: string | null;
}

/** How many visits or documents the chart lists at most, newest first. */
export const chartListLimit = 200;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * What the chart reads beyond the vitals and medications repositories: the patient's
 * profile, their visits with the doctor's name and summary, their uploaded photos, and who
 * acts for them.
 */
export function chartRepository(db: Kysely<Database>) {
  return {
    /** The patient's name, gender and birth facts, or null without an account. */
    async patient(patientId: string): Promise<PatientFacts | null> {
      const row = await db
        .selectFrom('user as u')
        .leftJoin('profiles as p', 'p.id', 'u.id')
        .select([
          'u.email',
          'p.first_name',
          'p.last_name',
          'p.gender',
          'p.age',
          'p.date_system',
          'p.dob_ad',
          'p.dob_bs',
        ])
        .where('u.id', '=', patientId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        name: displayName(row.first_name, row.last_name, row.email, 'Patient'),
        gender: row.gender,
        age: row.age,
        dateSystem: row.date_system,
        dobAd: row.dob_ad,
        dobBs: row.dob_bs,
      };
    },

    /** The patient's visits a doctor took up, newest first. */
    async visits(patientId: string): Promise<ChartVisit[]> {
      const rows = await db
        .selectFrom('visits as v')
        .leftJoin('profiles as dp', 'dp.id', 'v.doctor_id')
        .leftJoin('user as du', 'du.id', 'v.doctor_id')
        .select([
          'v.id',
          'v.status',
          'v.reason',
          'v.doctor_id',
          'v.started_at',
          'v.ended_at',
          'v.summary',
          'dp.first_name as doctor_first',
          'dp.last_name as doctor_last',
          'du.email as doctor_email',
        ])
        .where('v.patient_id', '=', patientId)
        .where('v.doctor_id', 'is not', null)
        .orderBy((eb) => eb.fn.coalesce('v.started_at', 'v.queued_at'), 'desc')
        .orderBy('v.id', 'desc')
        .limit(chartListLimit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        reason: row.reason,
        doctorName:
          row.doctor_id === null
            ? null
            : displayName(row.doctor_first, row.doctor_last, row.doctor_email, 'Doctor'),
        startedAt: iso(row.started_at),
        endedAt: iso(row.ended_at),
        summary: row.summary,
      }));
    },

    /** The photos the patient uploaded, newest first. */
    async documents(patientId: string): Promise<ChartDocument[]> {
      const rows = await db
        .selectFrom('uploads')
        .select(['id', 'photo_id', 'content_type', 'created_at'])
        .where('owner_id', '=', patientId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(chartListLimit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: 'photo' as const,
        contentType: row.content_type,
        createdAt: new Date(row.created_at).toISOString(),
        url: uploadContentPath(row.photo_id),
      }));
    },

    /** The caregivers the patient granted and a dependent's guardian, by name. */
    async careCircle(patientId: string): Promise<ChartCarer[]> {
      const rows = await db
        .selectFrom('care_grants as g')
        .innerJoin('user as u', 'u.id', 'g.caregiver_id')
        .leftJoin('profiles as p', 'p.id', 'g.caregiver_id')
        .select([
          'g.relationship',
          'g.guardian',
          'g.may_record',
          'g.may_message',
          'g.may_visits',
          'u.email',
          'p.first_name',
          'p.last_name',
        ])
        .where('g.patient_id', '=', patientId)
        .orderBy('g.created_at')
        .execute();
      return rows.map((row) => ({
        name: displayName(row.first_name, row.last_name, row.email, '—'),
        relationship: row.relationship as Relationship,
        guardian: row.guardian,
        permissions: { record: row.may_record, message: row.may_message, visits: row.may_visits },
      }));
    },
  };
}

export type ChartRepository = ReturnType<typeof chartRepository>;
