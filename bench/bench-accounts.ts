import { buildApp } from '../server/src/app';
import { createConfirmedAccount, passwordHashOf } from '../server/src/auth/better-auth';
import { loadConfig } from '../server/src/config';
import { migrateToLatest, openDatabase } from '../server/src/db/database';
import { profilesRepository } from '../server/src/profiles/profiles-repository';

/**
 * Confirmed accounts with one password, doctors first, written before the server starts:
 * the embedded database has one owner at a time.
 */
export async function createBenchAccounts(
  env: Record<string, string>,
  password: string,
  emails: { doctors: string[]; patients: string[] },
): Promise<void> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const { auth, server } = await buildApp({ config, database });
    const passwordHash = await passwordHashOf(auth, password);
    const profiles = profilesRepository(database.db);
    const create = async (email: string, role: 'patient' | 'doctor') => {
      const user = await createConfirmedAccount(auth, { email, passwordHash });
      await profiles.upsertNames(user.id, { first_name: role === 'doctor' ? 'Doctor' : 'Patient' });
      await profiles.setRole(user.id, role);
    };
    for (const email of emails.doctors) await create(email, 'doctor');
    for (const email of emails.patients) await create(email, 'patient');
    await server.close();
  } finally {
    await database.close();
  }
}
