import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Clinic, ClinicChange, ClinicStaff, NewClinic } from '@shared/clinics';
import type { Database } from '../db/schema';
import { displayName } from '../profiles/person-name';

const clinicColumns = ['id', 'name', 'org_unit_code', 'created_at'] as const;

function toClinic(row: {
  id: string;
  name: string;
  org_unit_code: string;
  created_at: Date;
}): Clinic {
  return {
    id: row.id,
    name: row.name,
    orgUnitCode: row.org_unit_code,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The clinics and who belongs to which (`0021-clinics`). */
export function clinicsRepository(db: Kysely<Database>) {
  async function findBy(column: 'id' | 'org_unit_code', value: string): Promise<Clinic | null> {
    const row = await db
      .selectFrom('clinics')
      .select(clinicColumns)
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? toClinic(row) : null;
  }

  return {
    async list(): Promise<Clinic[]> {
      const rows = await db.selectFrom('clinics').select(clinicColumns).orderBy('name').execute();
      return rows.map(toClinic);
    },

    async find(id: string): Promise<Clinic | null> {
      return findBy('id', id);
    },

    async findByOrgUnit(orgUnitCode: string): Promise<Clinic | null> {
      return findBy('org_unit_code', orgUnitCode);
    },

    /** The new clinic, or null when another already reports as its organisation unit. */
    async add(clinic: NewClinic): Promise<Clinic | null> {
      const row = await db
        .insertInto('clinics')
        .values({ id: randomUUID(), name: clinic.name, org_unit_code: clinic.orgUnitCode })
        .onConflict((conflict) => conflict.column('org_unit_code').doNothing())
        .returning(clinicColumns)
        .executeTakeFirst();
      return row ? toClinic(row) : null;
    },

    /** The clinic changed; null when it does not exist or the organisation unit is another's. */
    async change(id: string, change: ClinicChange): Promise<Clinic | null> {
      const values = {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.orgUnitCode !== undefined ? { org_unit_code: change.orgUnitCode } : {}),
      };
      if (Object.keys(values).length === 0) return this.find(id);
      const row = await db
        .updateTable('clinics')
        .set(values)
        .where('id', '=', id)
        .where((eb) =>
          change.orgUnitCode === undefined
            ? sql<boolean>`true`
            : eb.not(
                eb.exists(
                  eb
                    .selectFrom('clinics as other')
                    .select(sql`1`.as('one'))
                    .where('other.org_unit_code', '=', change.orgUnitCode)
                    .where('other.id', '<>', id),
                ),
              ),
        )
        .returning(clinicColumns)
        .executeTakeFirst();
      return row ? toClinic(row) : null;
    },

    /** Every doctor and manager, with their clinic, by name. */
    async staff(): Promise<ClinicStaff[]> {
      const rows = await db
        .selectFrom('profiles as p')
        .innerJoin('user as u', 'u.id', 'p.id')
        .select(['p.id', 'p.first_name', 'p.last_name', 'p.role', 'p.clinic_id', 'u.email'])
        .where('p.role', 'in', ['doctor', 'manager'])
        .orderBy('p.first_name')
        .orderBy('p.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: displayName(row.first_name, row.last_name, row.email, row.role),
        role: row.role === 'doctor' ? 'doctor' : 'manager',
        clinicId: row.clinic_id,
      }));
    },

    /** Puts a doctor or manager in a clinic (or none); null when they are neither. */
    async assign(userId: string, clinicId: string | null): Promise<ClinicStaff | null> {
      const updated = await db
        .updateTable('profiles')
        .set({ clinic_id: clinicId })
        .where('id', '=', userId)
        .where('role', 'in', ['doctor', 'manager'])
        .returning('id')
        .executeTakeFirst();
      if (!updated) return null;
      return (await this.staff()).find((person) => person.id === userId) ?? null;
    },

    /** Puts an admin in the clinic whose people they manage (`/api/people`). */
    async placeAdmin(userId: string, clinicId: string): Promise<void> {
      await db
        .updateTable('profiles')
        .set({ clinic_id: clinicId })
        .where('id', '=', userId)
        .where('role', '=', 'admin')
        .execute();
    },

    /** The clinic a doctor, manager or admin belongs to; null for none. */
    async clinicOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('profiles')
        .select('clinic_id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.clinic_id ?? null;
    },
  };
}

export type ClinicsRepository = ReturnType<typeof clinicsRepository>;
