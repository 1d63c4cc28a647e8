import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/api/support/test-server';

export interface StartFigures {
  msToHealthy: number;
  rssMb: number;
}

function residentMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Starts the built server as `npm start` would and times it until /api/health answers 200. */
export async function timeServerStart(dataDir: string): Promise<StartFigures> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('The server stopped during start');
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) break;
      if (performance.now() - started > 60_000) throw new Error('The server did not start in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const msToHealthy = performance.now() - started;
    return { msToHealthy, rssMb: residentMemoryMb(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** First start creates the database; the second is what a restart costs. */
export async function benchServerStart(): Promise<{ first: StartFigures; restart: StartFigures }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-'));
  try {
    const first = await timeServerStart(dataDir);
    const restart = await timeServerStart(dataDir);
    return { first, restart };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
