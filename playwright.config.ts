import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';
import { freePort } from './e2e/support/free-port';

// A port chosen once per run, so two runs on one machine do not meet; the workers load this
// file again and inherit the choice.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
// A fresh embedded database for every run; workers inherit it from the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'sewa-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A spec that passes only on a second try fails: each waits for what the reader would see.
  retries: 0,
  workers: 2,
  reporter: [['list'], ['json']],
  // On two cores with two workers a long test needs more than half a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // Tests that call the API through `page.request` say where they come from, as a browser
    // does; the server refuses state-changing calls with a missing or foreign Origin.
    extraHTTPHeaders: { Origin: `http://localhost:${port}` },
    ...devices['Pixel 5'],
    viewport: { width: 360, height: 740 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
    // A worker that installs itself fills its cache with the whole app, every chunk and the
    // font, in every new browser context: on two cores that was most of a short test's time.
    // So the app runs as in a browser without service workers (registration fails quietly),
    // and the specs about what the worker does (offline starts, installing, updates) opt in
    // with `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    // Phone and server far from the clinic's zone: screens must still show clinic time.
    timezoneId: 'America/New_York',
  },
  webServer: {
    // The Node that runs the tests runs the server too (Node 24, whatever the machine's own).
    command: `${JSON.stringify(process.execPath)} dist/server/main.js`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Tests that create accounts give each its own client address (e2e/support/accounts.ts).
      TRUST_PROXY: '127.0.0.1',
      TZ: 'America/New_York',
    },
  },
});
