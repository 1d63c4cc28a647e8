import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { messagePollMs } from '../shared/messaging';
import { readEventStream, type StreamReader } from './event-stream';
import { createBenchAccounts } from './bench-accounts';
import { onBenchDatabases } from './bench-databases';
import { startBuiltServer, stopServer } from './built-server';
import { signInCookie } from './sign-in';
import { percentile } from './percentile';

export interface MessagingFigures {
  database: 'embedded' | 'postgres';
  subscribers: number;
  /** From issuing a send to the message arriving at a subscriber, over every (message, subscriber). */
  pushP50Ms: number;
  pushP99Ms: number;
  /** Deliveries that never arrived (there should be none). */
  pushMissing: number;
  /** Growth of the server's resident memory with `subscribers` idle streams open, per 1,000. */
  memoryMbPer1000: number;
  /** Requests a minute of 1,000 idle open conversations: polling every 5 s, against push. */
  pollingRequestsPerMinute: number;
  pushRequestsPerMinute: number;
  /** Heartbeat comments a minute on those 1,000 streams: bytes on open connections, no requests. */
  heartbeatsPerMinute: number;
}

export interface MessagingBenchOptions {
  /** Clients sending the warm-up at once, each a patient in their own care-team conversation. */
  senders?: number;
  subscribers?: number;
  /** Messages timed from send to every subscriber. */
  pushMessages?: number;
  /** Seconds the subscribers sit idle to count heartbeats and reconnects. */
  idleSeconds?: number;
}

const password = 'bench-pass-2026';

async function createAccounts(env: Record<string, string>, patients: number) {
  const doctor = 'bench-doctor@example.com';
  const patientEmails = Array.from(
    { length: patients },
    (_, i) => `bench-patient-${i}@example.com`,
  );
  await createBenchAccounts(env, password, { doctors: [doctor], patients: patientEmails });
  return { doctor, patients: patientEmails };
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function signIn(url: string, email: string, n: number): Promise<string> {
  return signInCookie(url, email, password, {
    'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}`,
  });
}

async function post(
  url: string,
  cookie: string,
  body: unknown = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Every sender sends for `seconds`, so the server has run the send path before push is timed. */
async function warmUp(
  url: string,
  senders: { cookie: string; conversationId: string }[],
  seconds: number,
): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    senders.map(async ({ cookie, conversationId }) => {
      while (performance.now() < deadline) {
        const answer = await post(
          `${url}/api/messaging/conversations/${conversationId}/messages`,
          cookie,
          { id: crypto.randomUUID(), content: 'How are you feeling today?' },
        );
        if (answer.status !== 201) failures += 1;
      }
    }),
  );
  if (failures > 0) throw new Error(`${failures} bench sends were refused`);
}

/** One push stream of the doctor, reporting the id of each message it carries. */
function subscribe(
  url: string,
  cookie: string,
  agent: Agent,
  onMessage: (id: string) => void,
): StreamReader {
  return readEventStream(url, '/api/messaging/events', cookie, agent, (event, data) => {
    if (event === 'message') onMessage((JSON.parse(data) as { id: string }).id);
  });
}

async function benchOn(
  database: MessagingFigures['database'],
  env: Record<string, string>,
  options: Required<MessagingBenchOptions>,
): Promise<MessagingFigures> {
  const accounts = await createAccounts(env, options.senders);
  const { url, child } = await startBuiltServer({ ...env, DEMO_USERS: 'false' });
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const subscribers: StreamReader[] = [];
  try {
    const doctorCookie = await signIn(url, accounts.doctor, 0);
    const senders = await Promise.all(
      accounts.patients.map(async (email, index) => {
        const cookie = await signIn(url, email, index + 1);
        const created = await post(`${url}/api/messaging/care-team`, cookie);
        const { conversation } = created.body as { conversation: { id: string } };
        return { cookie, conversationId: conversation.id };
      }),
    );
    // Send throughput and latency are the `send message` scenario in scenarios.ts.
    await warmUp(url, senders, 1);

    // Idle memory: the same process before and after the streams open.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = rssMb(child.pid);
    const arrivals = new Map<string, number[]>();
    const onMessage = (id: string) => arrivals.get(id)?.push(performance.now());
    for (let i = 0; i < options.subscribers; i += 1) {
      subscribers.push(subscribe(url, doctorCookie, agent, onMessage));
      // Opening in small batches keeps the session checks from queueing past the timeouts.
      if (i % 50 === 49) await Promise.all(subscribers.slice(-50).map((s) => s.ready));
    }
    await Promise.all(subscribers.map((s) => s.ready));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = rssMb(child.pid);

    // Push: each message goes to every subscriber (a doctor reads every care-team conversation).
    const pushLatencies: number[] = [];
    let missing = 0;
    const [sender] = senders;
    if (!sender) throw new Error('No bench senders');
    for (let i = 0; i < options.pushMessages; i += 1) {
      const id = crypto.randomUUID();
      const times: number[] = [];
      arrivals.set(id, times);
      const begin = performance.now();
      const answer = await post(
        `${url}/api/messaging/conversations/${sender.conversationId}/messages`,
        sender.cookie,
        {
          id,
          content: `Push ${i}`,
        },
      );
      if (answer.status !== 201) throw new Error(`bench push send answered ${answer.status}`);
      const deadline = performance.now() + 5_000;
      while (times.length < options.subscribers && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      for (const time of times) pushLatencies.push(time - begin);
      missing += options.subscribers - times.length;
      arrivals.delete(id);
    }
    pushLatencies.sort((a, b) => a - b);

    // Idle: what 1,000 open conversations cost while nothing happens.
    const heartbeatsBefore = subscribers.reduce((sum, s) => sum + s.heartbeats, 0);
    await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
    const heartbeats = subscribers.reduce((sum, s) => sum + s.heartbeats, 0) - heartbeatsBefore;
    const reconnects = subscribers.filter((s) => s.closedByServer).length;
    const perMinute = 60 / options.idleSeconds;
    const scale = 1_000 / options.subscribers;

    return {
      database,
      subscribers: options.subscribers,
      pushP50Ms: percentile(pushLatencies, 50),
      pushP99Ms: percentile(pushLatencies, 99),
      pushMissing: missing,
      memoryMbPer1000: (after - before) * scale,
      pollingRequestsPerMinute: 1_000 * (60_000 / messagePollMs),
      pushRequestsPerMinute: reconnects * perMinute * scale,
      heartbeatsPerMinute: heartbeats * perMinute * scale,
    };
  } finally {
    for (const subscriber of subscribers) subscriber.close();
    agent.destroy();
    await stopServer(child);
  }
}

/**
 * Messaging push, on the embedded database and on PostgreSQL when one answers:
 * push latency to 1,000 subscribers, their memory, and
 * what 1,000 idle open conversations cost in requests with push against polling.
 */
export async function benchMessaging(
  options: MessagingBenchOptions = {},
): Promise<MessagingFigures[]> {
  const settings: Required<MessagingBenchOptions> = {
    senders: 10,
    subscribers: 1_000,
    pushMessages: 50,
    idleSeconds: 25,
    ...options,
  };
  return onBenchDatabases('messaging', (database, env) => benchOn(database, env, settings));
}
