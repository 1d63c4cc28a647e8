import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { createBenchAccounts } from './bench-accounts';
import { onBenchDatabases } from './bench-databases';
import { startBuiltServer, stopServer } from './built-server';
import { percentile } from './percentile';
import { signInCookie } from './sign-in';

export interface NotificationFigures {
  database: 'embedded' | 'postgres';
  /** From a doctor's Start visit to the gateway receiving the patient's text. */
  startToTextP50Ms: number;
  startToTextP99Ms: number;
  /** Texts handed to the gateway per second while the queue drains a burst of them. */
  textsPerSecond: number;
  burst: number;
  /** Texts that never arrived, or arrived twice (there should be none). */
  wrong: number;
}

const password = 'bench-pass-2026';

/** A Sparrow gateway on loopback that notes when each number's text arrives. */
async function startGateway() {
  const arrivals = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const to = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('to') ?? '';
      arrivals.set(to, [...(arrivals.get(to) ?? []), performance.now()]);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ count: 1, response_code: 200, response: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/sms/`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const digitsOf = (index: number) => `98${String(10_000_000 + index)}`;

/** The patients' numbers, verified, and no quiet hours: written before the server starts. */
async function giveNumbers(env: Record<string, string>, emails: string[]) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    for (const [index, email] of emails.entries()) {
      const { rows } = await sql<{
        id: string;
      }>`update "user" set "phoneNumber" = ${`+977${digitsOf(index)}`},
        "phoneNumberVerified" = true where email = ${email} returning id`.execute(database.db);
      const [account] = rows;
      if (!account) throw new Error(`No bench account ${email}`);
      await database.db
        .insertInto('notification_settings')
        .values({ user_id: account.id, quiet_start_minute: 0, quiet_end_minute: 0 })
        .execute();
    }
  } finally {
    await database.close();
  }
}

async function post(url: string, cookie: string, body: unknown = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, cookie },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { id?: string };
  return { status: response.status, id: String(answer.id) };
}

async function textArrival(arrivals: Map<string, number[]>, to: string): Promise<number | null> {
  const deadline = performance.now() + 15_000;
  while (performance.now() < deadline) {
    const at = arrivals.get(to)?.[0];
    if (at !== undefined) return at;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return null;
}

async function benchOn(
  database: NotificationFigures['database'],
  env: Record<string, string>,
  timed: number,
  burst: number,
): Promise<NotificationFigures> {
  const patients = Array.from({ length: timed + burst }, (_, i) => `bench-text-${i}@example.com`);
  await createBenchAccounts(env, password, {
    doctors: ['bench-text-doctor@example.com'],
    patients,
  });
  await giveNumbers(env, patients);
  const gateway = await startGateway();
  const { url, child } = await startBuiltServer({
    ...env,
    DEMO_USERS: 'false',
    SMS_GATEWAY: 'sparrow',
    SMS_GATEWAY_URL: gateway.url,
    SMS_TOKEN: 'bench-token-of-the-fake-gateway',
    SMS_FROM: 'Sewa',
  });
  try {
    const doctor = await signInCookie(url, 'bench-text-doctor@example.com', password, {
      'x-forwarded-for': '10.79.0.1',
    });
    const cookies: string[] = [];
    for (const [index, email] of patients.entries()) {
      cookies.push(
        await signInCookie(url, email, password, {
          'x-forwarded-for': `10.79.${1 + (index >> 8)}.${index & 255}`,
        }),
      );
    }
    let wrong = 0;

    // One at a time: Start visit, then the wait for that patient's text.
    const latencies: number[] = [];
    for (let index = 0; index < timed; index += 1) {
      const visit = await post(`${url}/api/visits`, cookies[index] ?? '', { reason: 'Fever' });
      if (visit.status !== 201) throw new Error(`bench join answered ${visit.status}`);
      const startedAt = performance.now();
      const started = await post(`${url}/api/visits/${visit.id}/start`, doctor);
      if (started.status !== 200) throw new Error(`bench start answered ${started.status}`);
      const at = await textArrival(gateway.arrivals, digitsOf(index));
      if (at === null) wrong += 1;
      else latencies.push(at - startedAt);
    }

    // A burst: every other patient waiting, the doctor starting them all at once.
    const visits: string[] = [];
    for (let index = timed; index < timed + burst; index += 1) {
      const visit = await post(`${url}/api/visits`, cookies[index] ?? '', { reason: 'Cough' });
      if (visit.status !== 201) throw new Error(`bench join answered ${visit.status}`);
      visits.push(visit.id);
    }
    await Promise.all(visits.map((id) => post(`${url}/api/visits/${id}/start`, doctor)));
    const burstTimes: number[] = [];
    for (let index = timed; index < timed + burst; index += 1) {
      const at = await textArrival(gateway.arrivals, digitsOf(index));
      if (at === null) wrong += 1;
      else burstTimes.push(at);
    }
    // A little longer, for any text sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const times of gateway.arrivals.values()) if (times.length > 1) wrong += 1;
    burstTimes.sort((a, b) => a - b);
    const span = (burstTimes.at(-1) ?? 0) - (burstTimes[0] ?? 0);
    latencies.sort((a, b) => a - b);
    return {
      database,
      startToTextP50Ms: percentile(latencies, 50),
      startToTextP99Ms: percentile(latencies, 99),
      textsPerSecond: span > 0 ? ((burstTimes.length - 1) / span) * 1000 : 0,
      burst,
      wrong,
    };
  } finally {
    await stopServer(child);
    await gateway.close();
  }
}

/**
 * Texts through the job queue, on the embedded database and on PostgreSQL when one answers:
 * the time from a doctor's Start visit to the gateway receiving "the doctor is in", one visit
 * at a time, then how fast the queue hands a burst of them to the gateway.
 */
export async function benchNotifications(timed = 40, burst = 150): Promise<NotificationFigures[]> {
  return onBenchDatabases('texts', (database, env) => benchOn(database, env, timed, burst));
}
