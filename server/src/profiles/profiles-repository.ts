import type { Kysely, Selectable } from 'kysely';
import { defaultRole, roleSchema, type Role } from '@shared/role';
import type { OnboardingValues } from '@shared/onboarding';
import type { LinkedClinic, Profile } from '@shared/profile';
import { ageOf } from '@shared/patient-age';
import { dateSystems, genders } from '@shared/profile';
import type { Database, ProfilesTable } from '../db/schema';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function toProfile(row: Selectable<ProfilesTable>): Profile {
  const role = roleSchema.safeParse(row.role);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    gender: oneOf(genders, row.gender),
    age: row.age,
    current_age: ageOf({
      age: row.age,
      dateSystem: row.date_system,
      dobAd: row.dob_ad,
      dobBs: row.dob_bs,
    }),
    date_system: oneOf(dateSystems, row.date_system),
    dob_ad: row.dob_ad,
    dob_bs: row.dob_bs,
    role: role.success ? role.data : defaultRole,
    avatar_url: row.avatar_url,
  };
}

export function profilesRepository(db: Kysely<Database>) {
  return {
    async find(userId: string): Promise<Profile | null> {
      const row = await db
        .selectFrom('profiles')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? toProfile(row) : null;
    },

    /** The role that counts for a user: their profile's, or patient without one. */
    async roleOf(userId: string): Promise<Role> {
      const row = await db
        .selectFrom('profiles')
        .select('role')
        .where('id', '=', userId)
        .executeTakeFirst();
      const role = roleSchema.safeParse(row?.role);
      return role.success ? role.data : defaultRole;
    },

    /** Operators only (the users command and demo seeding): the public API never sets a role. */
    async setRole(userId: string, role: Role): Promise<void> {
      await db
        .insertInto('profiles')
        .values({ id: userId, role })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ role, updated_at: new Date() }),
        )
        .execute();
    },

    /**
     * The user's own onboarding answers. A new profile starts as a patient; an
     * existing one keeps whatever role an operator gave it.
     */
    async saveOwn(userId: string, values: OnboardingValues): Promise<Profile> {
      const row = await db
        .insertInto('profiles')
        .values({ id: userId, ...values, role: defaultRole })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return toProfile(row);
    },

    /**
     * The clinics that care for a patient: those of the doctors who prescribed for them, saw
     * them in a visit or hold a booking with them (not a cancelled one), by name.
     */
    async clinicsCaringFor(patientId: string): Promise<LinkedClinic[]> {
      const doctors = db
        .selectFrom('visits')
        .select('doctor_id')
        .where('patient_id', '=', patientId)
        .where('doctor_id', 'is not', null)
        .union(
          db
            .selectFrom('medication_requests')
            .select('prescriber_id as doctor_id')
            .where('patient_id', '=', patientId),
        )
        .union(
          db
            .selectFrom('appointments')
            .select('doctor_id')
            .where('patient_id', '=', patientId)
            .where('status', '!=', 'cancelled'),
        );
      return db
        .selectFrom('clinics as c')
        .select(['c.id', 'c.name'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('profiles as d')
              .select('d.id')
              .whereRef('d.clinic_id', '=', 'c.id')
              .where('d.role', '=', 'doctor')
              .where('d.id', 'in', doctors),
          ),
        )
        .orderBy('c.name')
        .orderBy('c.id')
        .execute();
    },

    async upsertNames(
      userId: string,
      names: { first_name: string; last_name?: string | null; age?: number | null },
    ): Promise<void> {
      const values = {
        first_name: names.first_name,
        last_name: names.last_name ?? null,
        age: names.age ?? null,
      };
      await db
        .insertInto('profiles')
        .values({ id: userId, ...values })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
    },
  };
}

export type ProfilesRepository = ReturnType<typeof profilesRepository>;
