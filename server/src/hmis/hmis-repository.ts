import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Consultation } from './hmis-counts';

/** What the HMIS report reads: the month's finished visits with their patient and clinic. */
export function hmisRepository(db: Kysely<Database>) {
  return {
    /**
     * Visits finished in [from, to), each with the clinic of its doctor, the patient's sex and
     * birth, and when the patient's first finished visit ever ended; only `clinicId`'s when given.
     */
    async consultations(from: Date, to: Date, clinicId?: string): Promise<Consultation[]> {
      let query = db
        .selectFrom('visits as v')
        .leftJoin('profiles as d', 'd.id', 'v.doctor_id')
        .leftJoin('profiles as p', 'p.id', 'v.patient_id')
        .select([
          'v.patient_id',
          'v.ended_at',
          'd.clinic_id',
          'p.gender',
          'p.age',
          'p.date_system',
          'p.dob_ad',
          'p.dob_bs',
        ])
        .select((eb) =>
          eb
            .selectFrom('visits as f')
            .select(sql<Date>`min(f.ended_at)`.as('first'))
            .whereRef('f.patient_id', '=', 'v.patient_id')
            .where('f.status', '=', 'finished')
            .as('first_finished_at'),
        )
        .where('v.status', '=', 'finished')
        .where('v.ended_at', '>=', from)
        .where('v.ended_at', '<', to);
      if (clinicId !== undefined) query = query.where('d.clinic_id', '=', clinicId);
      const rows = await query.execute();
      return rows.map((row) => {
        const endedAt = new Date(row.ended_at as Date);
        return {
          clinicId: row.clinic_id ?? null,
          patientId: row.patient_id,
          gender: row.gender ?? null,
          birth: {
            age: row.age ?? null,
            dateSystem: row.date_system ?? null,
            dobAd: row.dob_ad ?? null,
            dobBs: row.dob_bs ?? null,
          },
          endedAt,
          firstFinishedAt: row.first_finished_at ? new Date(row.first_finished_at) : endedAt,
        };
      });
    },
  };
}

export type HmisRepository = ReturnType<typeof hmisRepository>;
