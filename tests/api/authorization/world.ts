import { randomUUID } from 'node:crypto';
import { createConfirmedAccount, passwordHashOf } from '../../../server/src/auth/better-auth';
import { demoPassword, demoUsers, seedDemoUsers } from '../../../server/src/auth/demo-users';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import type { Role } from '@shared/role';
import { Client } from '../auth/client';
import { startTestServer, type DatabaseVariant, type TestServer } from '../support/test-server';
import { dhis2Answers, startFakeDhis2 } from '../support/fake-dhis2';

/** A clinic key the matrix's server accepts. */
export const clinicKey = 'MATRIX-CLINIC-1';

/** One person calling the API: a demo account of a role, or nobody signed in. */
export interface Caller {
  /** `null` for a caller who is not signed in. */
  role: Role | null;
  userId: string | null;
  email: string | null;
  /** A fresh client with this caller's session (a new one per call keeps calls independent). */
  client(): Client;
}

export interface World {
  server: TestServer;
  signedOut: Caller;
  byRole: Record<Role, Caller>;
  /** A second patient: "another patient's" resource for the patient of `byRole`. */
  otherPatient: Caller;
  /** The demo clinic: the demo doctor's, manager's and admin's. */
  demoClinicId: string;
  /** Every caller the matrix is asserted for: each role, then nobody signed in. */
  callers: Caller[];
  /** Another confirmed patient account with the demo password, signed in once. */
  addPatient(email: string, name: string): Promise<Caller>;
  close(): Promise<void>;
}

let address = 0;
/**
 * A different client address per client, so the per-address abuse limits of one
 * call never decide the answer of another (the server trusts loopback proxies).
 */
export function nextAddress(): string {
  address += 1;
  return `10.77.${(address >> 8) & 255}.${address & 255}`;
}

const otherPatientEmail = 'other-patient@example.com';

/** A confirmed patient account with the demo password, made the way the demo accounts are. */
async function createPatient(server: TestServer, email: string, name: string): Promise<void> {
  const user = await createConfirmedAccount(server.auth, {
    email,
    name,
    passwordHash: await passwordHashOf(server.auth, demoPassword),
  });
  await profilesRepository(server.database.db).setRole(user.id, 'patient');
}

/** The real server with the demo account of every role, each signed in once. */
export async function startWorld(
  variant: DatabaseVariant,
  env: Record<string, string> = {},
): Promise<World> {
  // A DHIS2 that takes every report, so a permitted send of the HMIS report goes through.
  const dhis2Account = { username: 'matrix', password: 'matrix-dhis2-password' };
  const dhis2 = await startFakeDhis2(dhis2Account, () => dhis2Answers.imported(26));
  const server = await startTestServer({
    variant,
    // The tests stand in for a proxy that gives each client its own address.
    env: {
      CLINIC_KEYS: clinicKey,
      DEMO_USERS: 'false',
      TRUST_PROXY: '127.0.0.1',
      DHIS2_URL: dhis2.url,
      DHIS2_USERNAME: dhis2Account.username,
      DHIS2_PASSWORD: dhis2Account.password,
      ...env,
    },
  });
  const { db } = server.database;
  await seedDemoUsers(server.auth, db, profilesRepository(db));

  const callerFor = (
    role: Role | null,
    userId: string | null,
    email: string | null,
    cookie = '',
  ) => ({
    role,
    userId,
    email,
    client() {
      const client = new Client(server.url, { 'x-forwarded-for': nextAddress() });
      if (cookie !== '') {
        for (const pair of cookie.split('; ')) {
          const eq = pair.indexOf('=');
          client.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
      }
      return client;
    },
  });

  async function signIn(email: string): Promise<{ userId: string; cookie: string }> {
    const client = new Client(server.url, { 'x-forwarded-for': nextAddress() });
    const answer = await client.post<{ user: { id: string } }>('/api/auth/sign-in/email', {
      email,
      password: demoPassword,
    });
    if (answer.status !== 200) throw new Error(`${email} could not sign in`);
    return { userId: answer.body.user.id, cookie: client.cookieHeader() };
  }

  const byRole = {} as Record<Role, Caller>;
  for (const demo of demoUsers) {
    const { userId, cookie } = await signIn(demo.email);
    byRole[demo.role] = callerFor(demo.role, userId, demo.email, cookie);
  }
  async function addPatient(email: string, name: string): Promise<Caller> {
    await createPatient(server, email, name);
    const { userId, cookie } = await signIn(email);
    return callerFor('patient', userId, email, cookie);
  }
  const otherPatient = await addPatient(otherPatientEmail, 'Other Patient');
  const demoClinic = await db
    .selectFrom('profiles')
    .select('clinic_id')
    .where('id', '=', byRole.admin.userId!)
    .executeTakeFirstOrThrow();
  const signedOut = callerFor(null, null, null);
  // The demo doctor cares for the demo patient, as one who answered in her care-team
  // conversation: what the matrix's record routes let a doctor at. A doctor who does not care
  // is refused (care-relationship.test.ts).
  const patient = byRole.patient.client();
  const care = await patient.post<{ conversation: { id: string } }>('/api/messaging/care-team');
  const answer = await byRole.doctor
    .client()
    .post(`/api/messaging/conversations/${care.body.conversation.id}/messages`, {
      id: randomUUID(),
      content: 'Namaste, how are you feeling today?',
    });
  if (answer.status !== 201) throw new Error(`the doctor could not answer: ${answer.status}`);
  return {
    server,
    signedOut,
    byRole,
    otherPatient,
    demoClinicId: demoClinic.clinic_id!,
    callers: [...Object.values(byRole), signedOut],
    addPatient,
    close: async () => {
      await server.close();
      await dhis2.close();
    },
  };
}
