import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app';
import { actingAsThemselves } from '../server/src/auth/actor';
import { createConfirmedAccount, passwordHashOf } from '../server/src/auth/better-auth';
import { loadConfig } from '../server/src/config';
import { migrateToLatest, openDatabase } from '../server/src/db/database';
import { messagingRepository } from '../server/src/messaging/messaging-repository';
import { profilesRepository } from '../server/src/profiles/profiles-repository';
import { vitalsRepository } from '../server/src/record/vitals-repository';
import { appointmentsRepository } from '../server/src/appointments/appointments-repository';
import { virtualClinicWeek } from '../shared/appointments';
import { freePort } from '../tests/api/support/test-server';
import { reachablePostgres, startBuiltServer, stopServer } from './built-server';
import { databaseLoad, httpLoad, loadSeconds, settle, type LoadFigures } from './load';
import {
  benchReading,
  bookingDoctors,
  bookingPatients,
  fhirYears,
  messagesInConversation,
  scenarios,
  signInsPerAccount,
  vitalsReadings,
  type BenchWorld,
  type HttpScenario,
  type QueryPlan,
} from './scenarios';

export type DatabaseName = 'embedded' | 'postgres';

export interface ScenarioFigures {
  scenario: HttpScenario;
  database: DatabaseName;
  api: LoadFigures;
  /** The same statements on the database alone, when the scenario names them. */
  db?: LoadFigures;
  /** What the database's plan for them reads, when the scenario asks. */
  plan?: QueryPlan;
}

const password = 'bench-pass-2026';
const senderEmail = 'bench-sender@example.com';
const doctorEmail = 'bench-doctor@example.com';

/**
 * The accounts, the bench user's session and a JWT, the bench user's care-team
 * conversation with its messages, and a second patient who sends: made in this
 * process before the server starts, as the embedded database has one owner at a time.
 */
async function prepareWorld(env: Record<string, string>, url: string): Promise<BenchWorld> {
  const config = loadConfig({ ...env, PUBLIC_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const { auth, server } = await buildApp({ config, database });
    const passwordHash = await passwordHashOf(auth, password);
    const createAccount = (email: string) => createConfirmedAccount(auth, { email, passwordHash });
    const signIn = async (email: string) => {
      const answer = await server.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: url, 'content-type': 'application/json' },
        payload: { email, password },
      });
      if (answer.statusCode !== 200) throw new Error(`bench sign-in answered ${answer.statusCode}`);
      const { token, user } = answer.json<{ token: string; user: { id: string } }>();
      const cookie = answer.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      return { id: user.id, email, cookie, sessionToken: token };
    };
    const profiles = profilesRepository(database.db);
    const messaging = messagingRepository(database.db);
    /** A patient with their care-team conversation. */
    const patient = async (account: { id: string }) => {
      await profiles.upsertNames(account.id, { first_name: 'Bench' });
      await profiles.setRole(account.id, 'patient');
      const actor = actingAsThemselves(
        { id: account.id, email: `${account.id}@example.com`, role: 'patient' },
        '127.0.0.1',
      );
      return (await messaging.ensureCareTeam(actor)).conversation.id;
    };

    // Enough accounts for a generous 100 sign-ins a second.
    const count = Math.ceil((loadSeconds * 100) / signInsPerAccount) + 1;
    const emails: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `bench-${i}@example.com`;
      await createAccount(email);
      emails.push(email);
    }
    /** A call as a signed-in person makes it; the bench's setup must not be refused. */
    const call = async (
      cookie: string,
      method: 'POST' | 'PUT',
      apiPath: string,
      payload: Record<string, unknown> = {},
    ) => {
      const answer = await server.inject({
        method,
        url: apiPath,
        headers: { origin: url, cookie, 'content-type': 'application/json' },
        payload,
      });
      if (answer.statusCode >= 300) throw new Error(`bench ${method} ${apiPath}: ${answer.body}`);
      return answer.json<{ id: string }>();
    };
    /**
     * The demo doctor's part for the chart scenario: a visit with the patient, from the waiting
     * room to its summary, and a prescription, so the chart has every section to read.
     */
    const caringDoctor = async (patient: { id: string; cookie: string }) => {
      await createAccount(doctorEmail);
      const doctor = await signIn(doctorEmail);
      await profiles.upsertNames(doctor.id, { first_name: 'Bench', last_name: 'Doctor' });
      await profiles.setRole(doctor.id, 'doctor');
      const visit = await call(patient.cookie, 'POST', '/api/visits', { reason: 'Follow-up' });
      await call(doctor.cookie, 'POST', `/api/visits/${visit.id}/start`);
      await call(patient.cookie, 'POST', `/api/visits/${visit.id}/join`);
      await call(doctor.cookie, 'POST', `/api/visits/${visit.id}/end`);
      await call(doctor.cookie, 'PUT', `/api/visits/${visit.id}/summary`, {
        summary: 'Blood pressure steady; continue the medicine.',
      });
      await call(doctor.cookie, 'POST', `/api/patients/${patient.id}/medications`, {
        id: crypto.randomUUID(),
        medicine: 'Amlodipine 5 mg',
        dose: '1 tablet',
        times: ['morning', 'night'],
        days: 30,
      });
      return doctor;
    };

    const [email, ...signInEmails] = emails;
    if (email === undefined) throw new Error('No bench accounts');
    const user = await signIn(email);
    const conversationId = await patient(user);
    for (let i = 0; i < messagesInConversation; i += 1) {
      await messaging.send({
        id: crypto.randomUUID(),
        conversationId,
        senderId: user.id,
        agentId: null,
        content: `Bench message ${i + 1}: how are you feeling today?`,
      });
    }
    // A month of readings, one a day, for the list-vitals scenario.
    const vitals = vitalsRepository(database.db);
    for (let i = 0; i < vitalsReadings; i += 1) {
      await vitals.record({
        readingId: crypto.randomUUID(),
        patientId: user.id,
        takenAt: new Date(Date.now() - i * 86_400_000),
        recorderId: user.id,
        recorderRole: 'patient',
        values: benchReading,
      });
    }
    const doctor = await caringDoctor(user);
    await createAccount(senderEmail);
    const sender = await signIn(senderEmail);
    const senderConversationId = await patient(sender);

    // The booking run's people, and the doctor whose free slots are listed.
    const appointments = appointmentsRepository(database.db);
    const allDay = virtualClinicWeek.map((day) => ({ ...day, start: '00:00', end: '23:59' }));
    const bookingPeople = { patients: [] as { cookie: string }[], doctorIds: [] as string[] };
    for (let i = 0; i < bookingPatients; i += 1) {
      const email = `bench-booker-${i}@example.com`;
      await createAccount(email);
      const booker = await signIn(email);
      await patient(booker);
      bookingPeople.patients.push({ cookie: booker.cookie });
    }
    const newDoctor = async (email: string, week: typeof allDay) => {
      const { id } = await createAccount(email);
      await profiles.upsertNames(id, { first_name: 'Bench', last_name: 'Doctor' });
      await profiles.setRole(id, 'doctor');
      await appointments.saveHours(id, { slotMinutes: 15, week, daysOff: [] }, id);
      return id;
    };
    for (let i = 0; i < bookingDoctors; i += 1) {
      bookingPeople.doctorIds.push(await newDoctor(`bench-booked-doctor-${i}@example.com`, allDay));
    }
    const scheduleDoctorId = await newDoctor('bench-schedule@example.com', [...virtualClinicWeek]);

    // Five years of a patient's readings, two a day (a heart rate, and a blood pressure panel
    // with its two components), written at once: what the FHIR search pages through.
    await createAccount('bench-fhir@example.com');
    const fhirPatient = await signIn('bench-fhir@example.com');
    await patient(fhirPatient);
    await sql`insert into observations (reading_id, patient_id, code, value, unit, components,
        effective_at, recorder_id, recorder_role)
      select r.reading, ${fhirPatient.id}, m.code, m.value, m.unit, m.components::jsonb, r.at,
        ${fhirPatient.id}, 'patient'
      from (
        select gen_random_uuid() as reading,
          date_trunc('milliseconds', now()) - (n * interval '12 hours') as at
        from generate_series(0, ${fhirYears * 365 * 2 - 1}) as n
      ) r
      cross join (values
        ('8867-4', 72::numeric, '/min', null::text),
        ('85354-9', null::numeric, null::text,
          '[{"code":"8480-6","value":121,"unit":"mm[Hg]"},{"code":"8462-4","value":79,"unit":"mm[Hg]"}]')
      ) as m(code, value, unit, components)`.execute(database.db);
    await sql`analyze observations`.execute(database.db);

    const jwt = await server.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie: user.cookie },
    });
    await server.close();
    return {
      url,
      password,
      user: { ...user, jwt: jwt.json<{ token: string }>().token },
      conversationId,
      sender: { ...sender, conversationId: senderConversationId },
      doctor,
      signInEmails,
      booking: bookingPeople,
      scheduleDoctorId,
      fhirPatient,
    };
  } finally {
    await database.close();
  }
}

/**
 * The scenarios a run measures: all, or those whose names hold one of the comma-separated
 * words of `BENCH_SCENARIOS` (a quick look at one change).
 */
function chosenScenarios(): HttpScenario[] {
  const words = (process.env.BENCH_SCENARIOS ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.length === 0) return scenarios;
  return scenarios.filter((scenario) => words.some((word) => scenario.name.includes(word)));
}

/** Every scenario on one database: first straight on the database, then through the API. */
async function benchOn(
  database: DatabaseName,
  env: Record<string, string>,
): Promise<ScenarioFigures[]> {
  const port = await freePort();
  const world = await prepareWorld(env, `http://127.0.0.1:${port}`);

  const dbFigures = new Map<HttpScenario, LoadFigures>();
  const plans = new Map<HttpScenario, QueryPlan>();
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    for (const scenario of chosenScenarios()) {
      if (!scenario.statements) continue;
      console.log(`  ${database}: ${scenario.name}, database alone`);
      const call = scenario.statements(handle, world);
      dbFigures.set(scenario, await databaseLoad(call, scenario.connections));
      if (scenario.plan) plans.set(scenario, await scenario.plan(handle, world));
    }
  } finally {
    await handle.close();
  }

  const { child } = await startBuiltServer({ ...env, DEMO_USERS: 'false' }, port);
  const figures: ScenarioFigures[] = [];
  try {
    for (const scenario of chosenScenarios()) {
      console.log(`  ${database}: ${scenario.name}, through the API`);
      await settle(world.url);
      const api = await httpLoad({
        url: world.url,
        connections: scenario.connections,
        requests: scenario.requests(world),
      });
      const db = dbFigures.get(scenario);
      const plan = plans.get(scenario);
      figures.push({ scenario, database, api, ...(db ? { db } : {}), ...(plan ? { plan } : {}) });
    }
  } finally {
    await stopServer(child);
  }
  return figures;
}

const secret = 'bench-secret-'.padEnd(40, 'x');

/** The HTTP scenarios on the embedded database, and on PostgreSQL when one answers. */
export async function benchApi(): Promise<ScenarioFigures[]> {
  const results: ScenarioFigures[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-api-'));
  try {
    results.push(...(await benchOn('embedded', { DATA_DIR: dataDir, AUTH_SECRET: secret })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await reachablePostgres();
  if (!postgres) {
    console.log('  PostgreSQL: not reachable, skipped');
    return results;
  }
  const name = `sewa_bench_${process.pid}`;
  const admin = await openDatabase({ databaseUrl: postgres, dataDir: tmpdir() });
  const benchUrl = new URL(postgres);
  benchUrl.pathname = `/${name}`;
  const pgDataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-api-pg-'));
  try {
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const env = { DATA_DIR: pgDataDir, DATABASE_URL: benchUrl.toString(), AUTH_SECRET: secret };
    results.push(...(await benchOn('postgres', env)));
  } finally {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await admin.close();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
  return results;
}
