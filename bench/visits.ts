import { Agent } from 'node:http';
import { createBenchAccounts } from './bench-accounts';
import { onBenchDatabases } from './bench-databases';
import { startBuiltServer, stopServer } from './built-server';
import { readEventStream, type StreamReader } from './event-stream';
import { percentile } from './percentile';
import { signInCookie } from './sign-in';

export interface VisitPushFigures {
  database: 'embedded' | 'postgres';
  doctors: number;
  /** From a patient's Join to the queue change arriving at each subscribed doctor. */
  queuePushP50Ms: number;
  queuePushP99Ms: number;
  /** From a doctor's Start visit to the patient's stream saying the doctor is in. */
  startNotifyP50Ms: number;
  startNotifyP99Ms: number;
  /** Deliveries that never arrived (there should be none). */
  missing: number;
}

const password = 'bench-pass-2026';

async function createAccounts(env: Record<string, string>, doctors: number, patients: number) {
  const accounts = {
    doctors: Array.from({ length: doctors }, (_, i) => `bench-visit-doctor-${i}@example.com`),
    patients: Array.from({ length: patients }, (_, i) => `bench-visit-patient-${i}@example.com`),
  };
  await createBenchAccounts(env, password, accounts);
  return accounts;
}

/** Signs everyone in a few at a time, each from an address of its own (the per-address limits). */
async function signInAll(url: string, emails: string[], firstAddress: number): Promise<string[]> {
  const cookies: string[] = new Array<string>(emails.length);
  const batch = 8;
  for (let start = 0; start < emails.length; start += batch) {
    await Promise.all(
      emails.slice(start, start + batch).map(async (email, offset) => {
        const n = firstAddress + start + offset;
        cookies[start + offset] = await signInCookie(url, email, password, {
          'x-forwarded-for': `10.78.${(n >> 8) & 255}.${n & 255}`,
        });
      }),
    );
  }
  return cookies;
}

async function post(url: string, cookie: string, body: unknown = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Arrival times per visit id, kept from before the answer that names the id comes back. */
function arrivalLog() {
  const times = new Map<string, number[]>();
  return {
    record(id: string) {
      const list = times.get(id) ?? [];
      list.push(performance.now());
      times.set(id, list);
    },
    async collect(id: string, expected: number, since: number): Promise<number[]> {
      const deadline = performance.now() + 5_000;
      while ((times.get(id)?.length ?? 0) < expected && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const arrived = times.get(id) ?? [];
      times.delete(id);
      return arrived.map((time) => time - since);
    },
  };
}

async function benchOn(
  database: VisitPushFigures['database'],
  env: Record<string, string>,
  doctors: number,
  patients: number,
): Promise<VisitPushFigures> {
  const accounts = await createAccounts(env, doctors, patients);
  const { url, child } = await startBuiltServer({ ...env, DEMO_USERS: 'false' });
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: StreamReader[] = [];
  try {
    const doctorCookies = await signInAll(url, accounts.doctors, 0);
    const patientCookies = await signInAll(url, accounts.patients, doctors);

    const queued = arrivalLog();
    const notified = arrivalLog();
    for (const [index, cookie] of doctorCookies.entries()) {
      streams.push(
        readEventStream(url, '/api/visits/events', cookie, agent, (event, data) => {
          if (event !== 'queue') return;
          const change = JSON.parse(data) as { id: string; change: string };
          if (change.change === 'added') queued.record(change.id);
        }),
      );
      if (index % 50 === 49) await Promise.all(streams.slice(-50).map((s) => s.ready));
    }
    for (const cookie of patientCookies) {
      streams.push(
        readEventStream(url, '/api/visits/events', cookie, agent, (event, data) => {
          const change = JSON.parse(data) as { id: string; status?: string };
          if (event === 'visit' && change.status === 'waiting') notified.record(change.id);
        }),
      );
    }
    await Promise.all(streams.map((s) => s.ready));

    const queueLatencies: number[] = [];
    const notifyLatencies: number[] = [];
    let missing = 0;
    const [doctorCookie] = doctorCookies;
    if (!doctorCookie) throw new Error('No bench doctors');
    for (const cookie of patientCookies) {
      const joinedAt = performance.now();
      const joined = await post(`${url}/api/visits`, cookie, { reason: 'Fever for two days' });
      if (joined.status !== 201) throw new Error(`bench join answered ${joined.status}`);
      const id = String(joined.body.id);
      const arrivals = await queued.collect(id, doctors, joinedAt);
      queueLatencies.push(...arrivals);
      missing += doctors - arrivals.length;

      const startedAt = performance.now();
      const started = await post(`${url}/api/visits/${id}/start`, doctorCookie);
      if (started.status !== 200) throw new Error(`bench start answered ${started.status}`);
      const notices = await notified.collect(id, 1, startedAt);
      notifyLatencies.push(...notices);
      missing += 1 - notices.length;
      const cancelled = await post(`${url}/api/visits/${id}/cancel`, doctorCookie);
      if (cancelled.status !== 200) throw new Error(`bench cancel answered ${cancelled.status}`);
    }
    queueLatencies.sort((a, b) => a - b);
    notifyLatencies.sort((a, b) => a - b);
    return {
      database,
      doctors,
      queuePushP50Ms: percentile(queueLatencies, 50),
      queuePushP99Ms: percentile(queueLatencies, 99),
      startNotifyP50Ms: percentile(notifyLatencies, 50),
      startNotifyP99Ms: percentile(notifyLatencies, 99),
      missing,
    };
  } finally {
    for (const stream of streams) stream.close();
    agent.destroy();
    await stopServer(child);
  }
}

/**
 * The visit pushes, on the embedded database and on PostgreSQL when one answers: each of
 * `patients` joins the waiting room with `doctors` doctors watching the queue, and a doctor
 * starts each visit while its patient's stream waits for the news.
 */
export async function benchVisitPush(doctors = 200, patients = 40): Promise<VisitPushFigures[]> {
  return onBenchDatabases('visits', (database, env) => benchOn(database, env, doctors, patients));
}
