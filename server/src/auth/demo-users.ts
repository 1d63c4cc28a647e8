import type { Kysely } from 'kysely';
import type { Role } from '@shared/role';
import { appointmentsRepository } from '../appointments/appointments-repository';
import { seedDemoHours } from '../appointments/demo-hours';
import { clinicsRepository } from '../clinics/clinics-repository';
import { seedDemoClinic } from '../clinics/demo-clinic';
import type { Database } from '../db/schema';
import type { ProfilesRepository } from '../profiles/profiles-repository';
import { seedDemoMedications } from '../record/demo-medications';
import { seedDemoVitals } from '../record/demo-vitals';
import { medicationsRepository } from '../record/medications-repository';
import { vitalsRepository } from '../record/vitals-repository';
import type { Auth } from './auth';
import { createConfirmedAccount, passwordHashOf } from './better-auth';
import { usersRepository } from './users-repository';

export const demoPassword = 'demo-pass-2026';

interface DemoUser {
  email: string;
  role: Role;
  firstName: string;
  lastName?: string;
  age?: number;
}

/** The demo accounts of the contract, one per role. */
export const demoUsers: DemoUser[] = [
  { email: 'patient@example.com', role: 'patient', firstName: 'Sita', lastName: 'Sharma', age: 34 },
  { email: 'doctor@example.com', role: 'doctor', firstName: 'Ram', lastName: 'Thapa' },
  { email: 'manager@example.com', role: 'manager', firstName: 'Gita' },
  { email: 'admin@example.com', role: 'admin', firstName: 'Hari' },
  { email: 'superadmin@example.com', role: 'superadmin', firstName: 'Maya' },
  { email: 'researcher@example.com', role: 'researcher', firstName: 'Bikash' },
];

function demoEmailOf(role: Role): string {
  const demo = demoUsers.find((user) => user.role === role);
  if (!demo) throw new Error(`no demo account for ${role}`);
  return demo.email;
}

/**
 * Creates the demo accounts that do not exist yet, confirmed and with their profiles, and
 * the demo patient's record: a reading the demo doctor took and two medications he
 * prescribed, stored once however often this runs; the demo doctor's hours, the virtual
 * clinic's, while he has none; and the demo clinic for the demo doctor, manager and admin.
 */
export async function seedDemoUsers(
  auth: Auth,
  db: Kysely<Database>,
  profiles: ProfilesRepository,
): Promise<number> {
  const users = usersRepository(db);
  let created = 0;
  // One scrypt hash for all: they share a published password, and each hash costs a
  // noticeable part of a first start on a small machine.
  let passwordHash: Promise<string> | undefined;
  for (const demo of demoUsers) {
    if ((await users.idByEmail(demo.email)) !== null) continue;
    const user = await createConfirmedAccount(auth, {
      email: demo.email,
      name: [demo.firstName, demo.lastName].filter(Boolean).join(' '),
      passwordHash: await (passwordHash ??= passwordHashOf(auth, demoPassword)),
    });
    await profiles.upsertNames(user.id, {
      first_name: demo.firstName,
      last_name: demo.lastName ?? null,
      age: demo.age ?? null,
    });
    await profiles.setRole(user.id, demo.role);
    created += 1;
  }
  const patientId = await users.idByEmail(demoEmailOf('patient'));
  const doctorId = await users.idByEmail(demoEmailOf('doctor'));
  if (patientId !== null && doctorId !== null) {
    await seedDemoVitals(vitalsRepository(db), { patientId, doctorId });
    await seedDemoMedications(medicationsRepository(db), { patientId, doctorId });
  }
  if (doctorId !== null) await seedDemoHours(appointmentsRepository(db), doctorId);
  const managerId = await users.idByEmail(demoEmailOf('manager'));
  const adminId = await users.idByEmail(demoEmailOf('admin'));
  await seedDemoClinic(
    clinicsRepository(db),
    [doctorId, managerId, adminId].filter((id) => id !== null),
  );
  return created;
}
