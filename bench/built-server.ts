import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { freePort } from '../tests/api/support/test-server';

/**
 * Starts the built server (`dist/server/main.js`) as its own process, as `npm start` does,
 * and waits until it answers healthy.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  port?: number,
): Promise<{ url: string; child: ChildProcess }> {
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      // The bench stands in for a proxy that gives each simulated client its own address.
      TRUST_PROXY: '127.0.0.1',
      ...env,
      PORT: String(listenOn),
      PUBLIC_URL: url,
    },
    stdio: 'ignore',
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server stopped during start');
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, child };
    if (performance.now() - started > 60_000) throw new Error('The server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A PostgreSQL server to bench on: BENCH_DATABASE_URL, TEST_DATABASE_URL, or the local one. */
export async function reachablePostgres(): Promise<string | undefined> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    await client.end().catch(() => undefined);
    return undefined;
  }
}
