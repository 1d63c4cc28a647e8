import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './test-server';

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
}

/**
 * A real server process, started the way `npm start` runs it, with these settings (on a
 * free port unless they name `PORT`).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
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
