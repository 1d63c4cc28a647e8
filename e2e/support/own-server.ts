import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort } from './free-port';

/**
 * An app server of a test's own, on its own embedded database: for tests whose data
 * (visits in the queue, accounts with other roles) must not meet the shared server's,
 * or that need settings of their own (a TURN server).
 */
export interface OwnServer {
  url: string;
  /** Stops the server, runs `npm run users -- <args>` on its database, and starts it again. */
  users(...args: string[]): Promise<void>;
  /** Stops the server, runs `change` (say, a new build in its folder), and starts it again. */
  restart(change: () => void): Promise<void>;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server at ${url} stopped during start`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() - started > 60_000) throw new Error(`The server at ${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface OwnServerOptions {
  /** The build to run, a folder holding `server/main.js` and `web/`; `dist` unless given. */
  build?: string;
  /**
   * The moment the server's clock reads when it starts (it runs on from there), rather than
   * the real time (`shifted-clock.mjs`).
   */
  clockAt?: Date;
}

export async function startOwnServer(
  settings: Record<string, string> = {},
  { build = 'dist', clockAt }: OwnServerOptions = {},
): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-e2e-own-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...settings,
  };
  delete env.DATABASE_URL;
  if (clockAt) {
    const clock = path.resolve('e2e/support/shifted-clock.mjs');
    env.SEWA_TEST_CLOCK_SHIFT_MS = String(clockAt.getTime() - Date.now());
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import=${clock}`.trim();
  }
  const start = async () => {
    const child = spawn(process.execPath, [path.join(build, 'server', 'main.js')], {
      env,
      stdio: 'inherit',
    });
    try {
      await waitHealthy(url, child);
    } catch (error) {
      // A start that failed leaves no server behind, nor its embedded database (SIGTERM
      // lets the server stop that too).
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    return child;
  };
  let child = await start();
  return {
    url,
    async users(...args) {
      // The embedded database has one owner at a time.
      await stopChild(child);
      const result = spawnSync('npx', ['tsx', 'server/src/cli/users.ts', ...args], {
        env,
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`users ${args.join(' ')}: ${result.stderr}`);
      child = await start();
    },
    async restart(change) {
      await stopChild(child);
      change();
      child = await start();
    },
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server of the spec file's own for all its tests: started before the first, stopped after
 * the last. Call at the top of the file; the answer gives the running server.
 */
export function serverOfThisFile(settings: Record<string, string> = {}): () => OwnServer {
  let server: OwnServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer(settings);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (server === undefined) throw new Error('The file’s own server has not started');
    return server;
  };
}
