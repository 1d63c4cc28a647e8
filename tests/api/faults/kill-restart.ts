import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverArguments } from '../support/server-process';
import { freePort } from '../support/test-server';

/**
 * One kind of write the harness streams at the server. `send` answers true when the
 * server acknowledged the write (a 2xx); `stored` counts, after the run, how often
 * each write's key is in the database.
 */
export interface WriteStep {
  name: string;
  /** Runs once against the first server, before the stream (accounts, conversations). */
  setup?(url: string): Promise<void>;
  send(url: string, key: string, attempt: number): Promise<boolean>;
  /** Called with the server stopped, on the same data: key → number of stored copies. */
  stored(env: Record<string, string>, keys: string[]): Promise<Map<string, number>>;
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
}

/** The real server as a separate process, as `npm start` runs it, on `env`'s data. */
export async function startServerProcess(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArguments(), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_USERS: 'false',
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, child };
    if (Date.now() - started > 90_000) throw new Error('the server did not start in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopServerProcess(
  server: RunningServer,
  signal: NodeJS.Signals,
): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

export interface KillRestartResult {
  keys: string[];
  acknowledgedBeforeKill: string[];
  /** Writes that failed or never got an answer before the kill, retried after the restart. */
  retried: string[];
  /**
   * Acknowledged writes sent again after the restart, as by a client whose answer was
   * lost on the way: key → whether the server acknowledged the repeat.
   */
  resent: Map<string, boolean>;
  stored: Map<string, number>;
}

/**
 * Streams `total` writes from `clients` clients, kills the server with SIGKILL once
 * `killAfter` are acknowledged, restarts it on the same data, retries what was not
 * acknowledged (as a client with an outbox would), sends a few acknowledged ones again
 * (as a client that lost the answer would), and counts what is stored.
 */
export async function runKillRestart(
  step: WriteStep,
  options: {
    total: number;
    killAfter: number;
    clients: number;
    /** How many of the last writes acknowledged before the kill to send again after it. */
    resendAcknowledged?: number;
    env?: Record<string, string>;
  },
): Promise<KillRestartResult> {
  const env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sewa-kill-')),
    AUTH_SECRET: 'kill-restart-secret-'.padEnd(40, 'x'),
    ...options.env,
  };
  const keys = Array.from({ length: options.total }, (_, i) => `${step.name}-${i}`);
  const acknowledged = new Set<string>();
  const unanswered: string[] = [];

  let server = await startServerProcess(env);
  try {
    await step.setup?.(server.url);
  } catch (error) {
    await stopServerProcess(server, 'SIGTERM');
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    throw error;
  }
  let next = 0;
  const state = { killed: false };
  const killing = new Promise<void>((resolve) => {
    const client = async () => {
      while (next < keys.length && !state.killed) {
        const key = keys[next]!;
        next += 1;
        const ok = await step.send(server.url, key, 1).catch(() => false);
        if (ok) acknowledged.add(key);
        else unanswered.push(key);
        if (acknowledged.size >= options.killAfter) {
          state.killed = true;
          resolve();
        }
      }
    };
    void Promise.all(Array.from({ length: options.clients }, client)).then(() => resolve());
  });
  await killing;
  await stopServerProcess(server, 'SIGKILL');
  // Calls still in flight at the kill fail; give their clients a moment to notice.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const acknowledgedBeforeKill = [...acknowledged];

  server = await startServerProcess(env);
  const retried = [...unanswered, ...keys.slice(next)].filter((key) => !acknowledged.has(key));
  const resent = new Map<string, boolean>();
  try {
    for (const key of acknowledgedBeforeKill.slice(-(options.resendAcknowledged ?? 0))) {
      resent.set(key, await step.send(server.url, key, 2).catch(() => false));
    }
    for (const key of retried) {
      let ok = false;
      for (let attempt = 2; attempt <= 4 && !ok; attempt += 1) {
        ok = await step.send(server.url, key, attempt).catch(() => false);
      }
    }
  } finally {
    await stopServerProcess(server, 'SIGTERM');
  }
  try {
    return {
      keys,
      acknowledgedBeforeKill,
      retried,
      resent,
      stored: await step.stored(env, keys),
    };
  } finally {
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}
