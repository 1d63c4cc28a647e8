import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './test-server';

/** What `npm start` runs: the server bundled by `npm run build`, beside its embedded template. */
const builtServer = path.resolve('dist/server/main.js');
/** Everything the bundle is made from. */
const serverSources = ['server', 'shared', 'package-lock.json', 'tsconfig.json'];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestChange(path.join(entry, child))),
    stats.mtimeMs,
  );
}

/**
 * The node arguments that start the server: the build when it is newer than every source
 * (`npm test` builds just before the tests), which starts in a fraction of the time and
 * copies the built embedded template instead of running initdb; otherwise the sources
 * through tsx, so a test run after an edit without a build still runs the edited server.
 */
export function serverArguments(): string[] {
  const built =
    existsSync(builtServer) &&
    serverSources.every((source) => newestChange(source) <= statSync(builtServer).mtimeMs);
  return built ? [builtServer] : ['--import', 'tsx', 'server/src/main.ts'];
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
}

/**
 * A real server process, started the way `npm start` runs it (`serverArguments`), with
 * these settings (on a free port unless they name `PORT`).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArguments(), {
    env: { ...process.env, PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server on ${url} stopped during start`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, port, child };
    if (Date.now() > deadline) throw new Error(`The server on ${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a server process with `signal` and waits until it has exited. */
export async function stopServerProcess(
  server: ServerProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}
