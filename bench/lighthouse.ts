import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoPassword } from '../server/src/auth/demo-users';
import { startBuiltServer, stopServer } from './built-server';
import { signInCookie } from './sign-in';

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

/** Lighthouse's mobile run (its default: a phone on a slow 4G line) on each page. */
export async function benchLighthouse(): Promise<LighthouseFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-lighthouse-'));
  const { url, child } = await startBuiltServer({
    DATA_DIR: dataDir,
    DEMO_USERS: 'true',
    NODE_ENV: 'test',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cookie = await signInCookie(url, 'patient@example.com', demoPassword);
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
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
