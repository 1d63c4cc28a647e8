import { notifier } from '../server/src/notifications/notifier';
import { notificationsRepository } from '../server/src/notifications/notifications-repository';
import type autocannon from 'autocannon';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { fhirReadings } from '../server/src/fhir/fhir-reading';
import { personReader } from '../server/src/fhir/fhir-reader';
import { fhirRecordRepository } from '../server/src/fhir/fhir-record-repository';
import { fhirRepository } from '../server/src/fhir/fhir-repository';
import { fhirService } from '../server/src/fhir/fhir-service';
import { callerQueries } from '../server/src/auth/callers';
import type { DatabaseHandle } from '../server/src/db/database';
import type { Database } from '../server/src/db/schema';
import { actingAsThemselves, type Actor } from '../server/src/auth/actor';
import { auditRepository } from '../server/src/audit/audit-repository';
import { auditTrail } from '../server/src/audit/audit-trail';
import { messagingRepository } from '../server/src/messaging/messaging-repository';
import { messagingService } from '../server/src/messaging/messaging-service';
import { messageHub } from '../server/src/realtime/message-hub';
import { rateLimiter } from '../server/src/rate-limit/rate-limiter';
import { signInLimits } from '../server/src/rate-limit/auth-limits';
import { patientAccess } from '../server/src/access/patient-access';
import { vitalsRepository } from '../server/src/record/vitals-repository';
import { vitalsService } from '../server/src/record/vitals-service';
import { chartRepository } from '../server/src/record/chart-repository';
import { chartService } from '../server/src/record/chart-service';
import { medicationsRepository } from '../server/src/record/medications-repository';
import { appointmentsRepository } from '../server/src/appointments/appointments-repository';
import { addClinicDays, clinicMoment, clinicToday } from '../shared/clinic-time';

/** What the scenarios work with: one server on one database, and accounts made for the run. */
export interface BenchWorld {
  url: string;
  password: string;
  /** The bench user, a patient, signed in: its cookie, a JWT, and the raw session token. */
  user: { id: string; email: string; cookie: string; jwt: string; sessionToken: string };
  /** The bench user's care-team conversation, holding `messagesInConversation` messages. */
  conversationId: string;
  /**
   * A second patient, signed in, who sends the send scenario's messages into their own
   * care-team conversation: the bench user's conversation keeps its size for the reads.
   */
  sender: { id: string; cookie: string; sessionToken: string; conversationId: string };
  /**
   * A doctor caring for the bench user (a finished visit with its summary, and a prescription),
   * signed in, who reads the bench user's chart.
   */
  doctor: { id: string; cookie: string; sessionToken: string };
  /** Accounts for the sign-in run; each signs in at most `signInsPerAccount` times. */
  signInEmails: string[];
  /**
   * The booking run's patients (signed in) and doctors (with hours all day, every day, in
   * 15-minute slots): each patient books each doctor once a day, so every booking is a free
   * slot of its own.
   */
  booking: { patients: { cookie: string }[]; doctorIds: string[] };
  /** A doctor with the virtual clinic's hours over the whole horizon, whose slots are listed. */
  scheduleDoctorId: string;
  /** A patient, signed in, with `fhirYears` years of readings, whose record FHIR searches. */
  fhirPatient: { id: string; cookie: string; sessionToken: string };
}

/** How many years of readings the FHIR patient has: two a day, each a heart rate and a pressure. */
export const fhirYears = 5;

/** The FHIR search the bench times: a patient's vitals, the first page of 20, newest first. */
export const fhirSearch = { _count: '20' } as const;

/** Patients and doctors of the booking run: room for 20 × 20 × 29 bookings. */
export const bookingPatients = 20;
export const bookingDoctors = 20;

/**
 * The `k`-th booking of the run, a slot no other booking of the run takes: patient `k mod P`
 * books, by turns, each doctor on each day from tomorrow; patient `p` takes the day's
 * `p`-th slot from 08:00, so the day's bookings of one doctor never meet.
 */
export function bookingOf(world: BenchWorld, k: number) {
  const { patients, doctorIds } = world.booking;
  const patient = patients[k % patients.length];
  const rest = Math.floor(k / patients.length);
  const doctorId = doctorIds[rest % doctorIds.length];
  const dayIndex = 1 + Math.floor(rest / doctorIds.length);
  if (patient === undefined || doctorId === undefined || dayIndex > 29) {
    throw new Error('The booking run needs more bench patients or doctors');
  }
  const minutes = 8 * 60 + (k % patients.length) * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const startsAt = clinicMoment(addClinicDays(clinicToday(), dayIndex), time);
  return { cookie: patient.cookie, doctorId, startsAt };
}

/** Messages in the conversation the list-messages scenario reads. */
export const messagesInConversation = 50;

/** Readings in the bench user's record, which the list-vitals scenario reads. */
export const vitalsReadings = 30;

/** One reading of every measure, in range and past no threshold. */
export const benchReading = {
  heartRate: 72,
  oxygenSaturation: 97,
  weight: 61.5,
  systolic: 121,
  diastolic: 79,
} as const;

/** The vitals routes' own service, as `server/src/app.ts` builds it. */
function benchVitals(handle: DatabaseHandle) {
  const { db } = handle;
  return vitalsService({
    vitals: vitalsRepository(db),
    access: patientAccess(db),
    trail: auditTrail(handle.unitOfWork, auditRepository(db)),
  });
}

/** The FHIR API's own service, as `server/src/app.ts` builds it, for a caller as themselves. */
function benchFhir(handle: DatabaseHandle, db: Kysely<Database> = handle.db) {
  const access = patientAccess(db);
  return fhirService({
    fhir: fhirRepository(db),
    record: fhirRecordRepository(db),
    readings: fhirReadings({
      access,
      trail: auditTrail(handle.unitOfWork, auditRepository(db)),
      mayActFor: () => Promise.resolve(false),
    }),
    // The vitals search reads no doctor's hours.
    schedules: { doctors: () => Promise.resolve([]), freeSlots: () => Promise.resolve(null) },
    base: 'http://127.0.0.1/fhir/R4',
    tokenUrl: 'http://127.0.0.1/fhir/R4/auth/token',
  });
}

/** Every index a JSON plan scans and every table it reads whole, from its nodes down. */
function planReads(node: PlanNode, found: QueryPlan = { indexes: [], wholeTables: [] }) {
  if (node['Index Name']) found.indexes.push(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) {
    found.wholeTables.push(node['Relation Name']);
  }
  for (const child of node.Plans ?? []) planReads(child, found);
  return found;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The plan of each statement `work` sends: the statements are caught as the repository
 * compiles them, then explained on the same database with the same parameters.
 */
async function plansOf(
  handle: DatabaseHandle,
  work: (db: Kysely<Database>) => Promise<unknown>,
): Promise<QueryPlan> {
  const caught: CompiledQuery[] = [];
  const catching = handle.db.withPlugin({
    transformQuery(args) {
      caught.push(handle.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });
  await work(catching);
  const plan: QueryPlan = { indexes: [], wholeTables: [] };
  for (const query of caught.filter((one) => /^\s*select/i.test(one.sql))) {
    const explained = await handle.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    const raw = explained.rows[0]?.['QUERY PLAN'];
    const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    planReads(top.Plan, plan);
  }
  return plan;
}

/** The chart route's own service, as `server/src/app.ts` builds it. */
function benchChart(handle: DatabaseHandle) {
  const { db } = handle;
  return chartService({
    chart: chartRepository(db),
    vitals: vitalsRepository(db),
    medications: medicationsRepository(db),
    access: patientAccess(db),
    trail: auditTrail(handle.unitOfWork, auditRepository(db)),
  });
}

/** Under the per-e-mail sign-in limit (10 in 10 minutes). */
export const signInsPerAccount = 9;

export interface Targets {
  p99Ms?: number;
  /** API requests per second ÷ the same statements per second on the database. */
  ratio?: number;
  /** Whether the targets hold on both databases or only on PostgreSQL (the production one). */
  on?: 'both' | 'postgres';
}

/**
 * One named HTTP scenario: what autocannon sends, and the statements the server
 * runs for one such request, timed straight on the database for the API/DB ratio.
 * A new API call joins the bench by adding one of these to `scenarios`.
 */
export interface HttpScenario {
  name: string;
  connections: number;
  requests(world: BenchWorld): autocannon.Request[];
  statements?(database: DatabaseHandle, world: BenchWorld): (n: number) => Promise<void>;
  /**
   * The indexes the database's plan for the scenario's query uses (EXPLAIN of the statements
   * the repository sends), and whether it reads any of the table whole.
   */
  plan?(database: DatabaseHandle, world: BenchWorld): Promise<QueryPlan>;
  targets?: Targets;
}

/** What a plan reads: the indexes it scans, and the tables it reads whole. */
export interface QueryPlan {
  indexes: string[];
  wholeTables: string[];
}

const messageText = 'How are you feeling today?';

/**
 * What every API route reads before its own statements: the session behind the
 * cookie with its account and role, as `callerResolver` in server/src/auth/current-user.ts.
 */
function sessionCaller(db: Kysely<Database>) {
  const callers = callerQueries(db);
  return async (sessionToken: string): Promise<Actor> => {
    const caller = await callers.bySessionToken(sessionToken);
    if (!caller) throw new Error('The bench session is gone');
    return actingAsThemselves(
      { id: caller.id, email: caller.email, role: caller.role },
      '127.0.0.1',
    );
  };
}

let signIns = 0;
function address(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The reads of GET /api/me after the caller is known. */
async function meReads(db: Kysely<Database>, userId: string) {
  await db
    .selectFrom('user')
    .select(['id', 'email', 'emailVerified', 'twoFactorEnabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  await db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
}

export const scenarios: HttpScenario[] = [
  {
    // The cheapest call there is, one `select 1`: what the machine itself allows at 50
    // clients, with the load generator, the server and the database sharing its cores.
    name: 'GET /api/health (floor)',
    connections: 50,
    requests: () => [{ method: 'GET', path: '/api/health' }],
    statements:
      ({ db }) =>
      async () => {
        await sql`select 1`.execute(db);
      },
  },
  {
    // Bound by the password hash (scrypt) on purpose: it follows the machine's cores.
    name: 'sign-in',
    connections: 20,
    requests: (world) => [
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        setupRequest(request) {
          const n = signIns;
          signIns += 1;
          const email = world.signInEmails[Math.floor(n / signInsPerAccount)];
          if (email === undefined) throw new Error('The sign-in run needs more bench accounts');
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              origin: world.url,
              // Its own client address each time, as a crowd of phones would sign in.
              'x-forwarded-for': address(n),
            },
            body: JSON.stringify({ email, password: world.password }),
          };
        },
      },
    ],
    statements({ db }, world) {
      const limiter = rateLimiter(db);
      const limits = signInLimits['/sign-in/email'];
      if (limits?.account === undefined) throw new Error('sign-in has no per-account limit');
      const perAccount = limits.account;
      return async (n) => {
        const email = world.signInEmails[n % world.signInEmails.length] ?? world.user.email;
        // A sign-in counts as a failure first (address, account and address, account) and
        // gives the three back once it succeeds, as the server's limits do.
        const counters = [
          { key: `bench-db:ip:${address(n)}`, limit: limits.ip },
          { key: `bench-db:pair:${email}:${address(n)}`, limit: limits.pair },
          { key: `bench-db:account:${email}:${n}`, limit: perAccount },
        ];
        await Promise.all(counters.map(({ key, limit }) => limiter.hit(key, limit)));
        const user = await sql<{ id: string }>`
          select * from "user" where "email" = ${email}`.execute(db);
        const userId = user.rows[0]?.id ?? world.user.id;
        await sql`select * from "account" where "userId" = ${userId}`.execute(db);
        const now = new Date();
        await sql`insert into "session" ("id", "expiresAt", "token", "createdAt", "updatedAt",
            "ipAddress", "userAgent", "userId")
          values (${`bench-db-${n}-${Math.random()}`}, ${new Date(now.getTime() + 86_400_000)},
            ${`bench-db-token-${n}-${Math.random()}`}, ${now}, ${now}, ${address(n)}, 'bench',
            ${userId})`.execute(db);
        await Promise.all(counters.map(({ key }) => limiter.refund(key)));
      };
    },
  },
  {
    name: 'GET /api/me (cookie)',
    connections: 50,
    requests: (world) => [
      { method: 'GET', path: '/api/me', headers: { cookie: world.user.cookie } },
    ],
    statements: ({ db }, world) => {
      const caller = sessionCaller(db);
      return async () => meReads(db, (await caller(world.user.sessionToken)).caller.id);
    },
  },
  {
    name: 'GET /api/me (JWT)',
    connections: 50,
    requests: (world) => [
      { method: 'GET', path: '/api/me', headers: { authorization: `Bearer ${world.user.jwt}` } },
    ],
    statements: ({ db }, world) => {
      const callers = callerQueries(db);
      return async () => {
        const caller = await callers.byId(world.user.id);
        if (!caller) throw new Error('The bench account is gone');
        await meReads(db, caller.id);
      };
    },
  },
  {
    name: 'list conversations',
    connections: 50,
    requests: (world) => [
      {
        method: 'GET',
        path: '/api/messaging/conversations',
        headers: { cookie: world.user.cookie },
      },
    ],
    statements: ({ db }, world) => {
      const caller = sessionCaller(db);
      const messaging = messagingRepository(db);
      return async () => {
        await messaging.list(await caller(world.user.sessionToken));
      };
    },
  },
  {
    name: `list messages (${messagesInConversation})`,
    connections: 50,
    requests: (world) => [
      {
        method: 'GET',
        path: `/api/messaging/conversations/${world.conversationId}/messages`,
        headers: { cookie: world.user.cookie },
      },
    ],
    statements: ({ db }, world) => {
      const caller = sessionCaller(db);
      const messaging = messagingRepository(db);
      return async () => {
        const me = await caller(world.user.sessionToken);
        if (!(await messaging.readable(me, world.conversationId))) throw new Error('Not readable');
        await messaging.messages(world.conversationId);
      };
    },
    targets: { ratio: 0.5 },
  },
  {
    name: 'send message',
    connections: 50,
    requests: (world) => [
      {
        method: 'POST',
        path: `/api/messaging/conversations/${world.sender.conversationId}/messages`,
        // Each send is a new message: the client chooses its id.
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            origin: world.url,
            cookie: world.sender.cookie,
          },
          body: JSON.stringify({ id: crypto.randomUUID(), content: messageText }),
        }),
      },
    ],
    statements: (handle, world) => {
      const caller = sessionCaller(handle.db);
      const messaging = messagingRepository(handle.db);
      // The route's own service, with no push streams: the statements it sends, and its notify.
      const service = messagingService({
        messaging,
        access: patientAccess(handle.db),
        hub: messageHub(handle.notifications, messaging),
        trail: auditTrail(handle.unitOfWork, auditRepository(handle.db)),
        // The sender is the patient: a patient's own message tells nobody by text or push.
        notifier: notifier({
          notifications: notificationsRepository(handle.db),
          jobs: {
            send: () => Promise.reject(new Error('A patient’s message queues no notification')),
            work: () => Promise.resolve(),
            wake: () => undefined,
            stop: () => Promise.resolve(),
          },
        }),
        log: { warn: () => undefined },
      });
      const { conversationId } = world.sender;
      return async () => {
        const me = await caller(world.sender.sessionToken);
        await service.send(me, conversationId, { id: crypto.randomUUID(), content: messageText });
      };
    },
    targets: { p99Ms: 50, on: 'postgres' },
  },
  {
    // A patient recording a reading at home: each a new reading under the device's own id.
    name: 'record vitals',
    connections: 50,
    requests: (world) => [
      {
        method: 'POST',
        path: `/api/patients/${world.sender.id}/vitals`,
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            origin: world.url,
            cookie: world.sender.cookie,
          },
          body: JSON.stringify({ id: crypto.randomUUID(), ...benchReading }),
        }),
      },
    ],
    statements: (handle, world) => {
      const caller = sessionCaller(handle.db);
      const service = benchVitals(handle);
      return async () => {
        const me = await caller(world.sender.sessionToken);
        await service.record(me, me.caller.id, { id: crypto.randomUUID(), ...benchReading });
      };
    },
    targets: { p99Ms: 50, on: 'postgres' },
  },
  {
    // What the Vitals tab and the chart read: every reading, newest first.
    name: `list vitals (${vitalsReadings})`,
    connections: 50,
    requests: (world) => [
      {
        method: 'GET',
        path: `/api/patients/${world.user.id}/vitals`,
        headers: { cookie: world.user.cookie },
      },
    ],
    statements: (handle, world) => {
      const caller = sessionCaller(handle.db);
      const service = benchVitals(handle);
      return async () => {
        const me = await caller(world.user.sessionToken);
        await service.list(me, me.caller.id, {});
      };
    },
    targets: { ratio: 0.5 },
  },
  {
    // Doctors opening the chart of a patient they saw: the whole record in one read (a month of
    // readings, a prescription with its adherence, a visit), and its audit entry. A network has
    // far fewer doctors than patients: ten at the same moment is a busy clinic day.
    name: 'read the chart',
    connections: 10,
    requests: (world) => [
      {
        method: 'GET',
        path: `/api/patients/${world.user.id}/chart`,
        headers: { cookie: world.doctor.cookie },
      },
    ],
    statements: (handle, world) => {
      const caller = sessionCaller(handle.db);
      const service = benchChart(handle);
      return async () => {
        await service.read(await caller(world.doctor.sessionToken), world.user.id);
      };
    },
    targets: { p99Ms: 100, ratio: 0.5, on: 'postgres' },
  },
  {
    // Another system (or the patient's own app) reading her vitals through FHIR: the first
    // page of 20, newest first, of five years of readings, under the same access rule.
    name: `FHIR search, ${fhirYears} years of vitals (first page)`,
    connections: 10,
    requests: (world) => [
      {
        method: 'GET',
        path: `/fhir/R4/Observation?patient=Patient/${world.fhirPatient.id}&_count=${fhirSearch._count}`,
        headers: { cookie: world.fhirPatient.cookie },
      },
    ],
    statements: (handle, world) => {
      const caller = sessionCaller(handle.db);
      const service = benchFhir(handle);
      const query = { patient: `Patient/${world.fhirPatient.id}`, ...fhirSearch };
      return async () => {
        const me = await caller(world.fhirPatient.sessionToken);
        await service.searchObservations(personReader(me.caller, me.address), query);
      };
    },
    async plan(handle, world) {
      const me = await sessionCaller(handle.db)(world.fhirPatient.sessionToken);
      return plansOf(handle, (db) =>
        benchFhir(handle, db).searchObservations(personReader(me.caller, me.address), {
          patient: `Patient/${world.fhirPatient.id}`,
          ...fhirSearch,
        }),
      );
    },
    targets: { p99Ms: 100, on: 'postgres' },
  },
  {
    // Patients booking at once, each a free slot of its own: the session, the doctor's hours,
    // the slot's check, the insert that the unique keys guard, and its audit entry.
    name: 'book an appointment',
    connections: 20,
    requests: (world) => {
      let bookings = 0;
      return [
        {
          method: 'POST',
          path: '/api/appointments',
          setupRequest: (request) => {
            const { cookie, doctorId, startsAt } = bookingOf(world, bookings);
            bookings += 1;
            return {
              ...request,
              headers: { 'content-type': 'application/json', origin: world.url, cookie },
              body: JSON.stringify({
                id: crypto.randomUUID(),
                doctorId,
                startsAt: startsAt.toISOString(),
                reason: 'Follow-up',
              }),
            };
          },
        },
      ];
    },
    // The database alone: the booking's insert, one doctor's days far ahead, one a day.
    statements: (handle, world) => {
      const appointments = appointmentsRepository(handle.db);
      const first = Date.parse('2100-01-01T04:15:00Z');
      return async (n) => {
        const startsAt = new Date(first + n * 86_400_000);
        await appointments.book({
          id: crypto.randomUUID(),
          patientId: world.sender.id,
          doctorId: world.doctor.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 15 * 60_000),
          reason: 'Follow-up',
          bookedBy: world.sender.id,
        });
      };
    },
  },
  {
    // The booking screen: one doctor's free slots on their first free day, and each day of
    // the 30-day horizon counted, for a doctor with the virtual clinic's hours every day.
    name: 'list free slots (30 days of hours)',
    connections: 20,
    requests: (world) => [
      {
        method: 'GET',
        path: `/api/appointments/availability?doctorId=${world.scheduleDoctorId}`,
        headers: { cookie: world.user.cookie },
      },
    ],
    targets: { p99Ms: 100, on: 'postgres' },
  },
];

/**
 * Promises whose API is not built yet: printed with their target until a scenario
 * with the same name measures them. Every promise of the bench is measured now.
 */
export const promised: { figure: string; target: string }[] = [];
