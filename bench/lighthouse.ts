import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoPassword } from '../server/src/auth/demo-users';
import { freePort } from '../tests/api/support/test-server';

export interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
}

/** The pages of the promise; the signed-in ones are opened as the demo patient. */
export const lighthousePages: { page: string; path: string; signedIn: boolean }[] = [
  { page: '/login', path: '/login', signedIn: false },
  { page: 'patient home', path: '/', signedIn: true },
  { page: 'a conversation', path: '/messages/bench-conversation', signedIn: true },
];

async function startBuiltServer(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_USERS: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function patientCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'patient@example.com', password: demoPassword }),
  });
  if (response.status !== 200) throw new Error(`demo sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Lighthouse's mobile run (its default: a phone on a slow 4G line) on each page. */
export async function benchLighthouse(): Promise<LighthouseFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-lighthouse-'));
  const { url, child } = await startBuiltServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cookie = await patientCookie(url);
    const figures: LighthouseFigures[] = [];
    for (const page of lighthousePages) {
      console.log(`  Lighthouse: ${page.page}`);
      const result = await lighthouse(`${url}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const categories = result?.lhr.categories;
      figures.push({
        page: page.page,
        performance: Math.round((categories?.performance?.score ?? Number.NaN) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? Number.NaN) * 100),
      });
    }
    return figures;
  } finally {
    chrome.kill();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
