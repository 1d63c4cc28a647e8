import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { demoPassword } from '../server/src/auth/demo-users';
import { chromiumPath } from '../e2e/support/chromium';
import { offlineReady } from '../e2e/support/service-worker';
import { startBuiltServer, stopServer } from './built-server';
import { demoConversation } from './demo-conversation';

/**
 * Lighthouse's mobile profile (its `mobileSlow4G` line and 4× CPU slowdown), applied through
 * the DevTools protocol to the page: every request waits one round trip before its answer
 * and shares the line's bandwidth. Lighthouse's own "applied" DevTools throttling pads the
 * round trip to 562.5 ms to stand in for connection set-up; a repeat visit on a warm worker
 * opens no new connection for its code, so the plain round trip is the figure here.
 */
export const slow4g = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
};

/** What "the first screen" is on each page: the words a reader waits for. */
export const repeatVisitPages: { page: string; path: string; shows: string }[] = [
  { page: '/login', path: '/login', shows: 'Sign in' },
  { page: 'patient home', path: '/', shows: 'Welcome, Sita' },
];

export interface RepeatVisitFigures {
  page: string;
  /** From the start of each navigation to the first frame drawn with the page's words. */
  msToFirstScreen: number[];
}

export interface InstallabilityFigures {
  page: string;
  /** What Chromium says stands in the way of installing the app from this page. */
  errors: string[];
}

/**
 * Runs in the page before its own scripts: notes the time since the navigation began at the
 * first frame drawn after an element reading `words` entered the page. Text rather than a
 * function, as the bench's TypeScript runner adds helpers to functions the page lacks.
 */
function watchForFirstScreen(words: string): string {
  return `(() => {
    const words = ${JSON.stringify(words)};
    const found = () =>
      [...document.querySelectorAll('h1, p')].some((element) => element.textContent === words);
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect();
      // The frame that shows it: a callback after the next one runs once it has been drawn.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          window.firstScreenMs = performance.now();
        }),
      );
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}

const firstScreenMs = async (tab: Page): Promise<number> => {
  const handle = await tab.waitForFunction(
    () => (window as unknown as { firstScreenMs?: number }).firstScreenMs,
    undefined,
    { timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
};

/** Lighthouse's phone and line, for this tab. */
async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow4g.latencyMs,
    downloadThroughput: (slow4g.downloadKbps * 1024) / 8,
    uploadThroughput: (slow4g.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow4g.cpuSlowdown });
}

async function installabilityErrors(cdp: CDPSession): Promise<string[]> {
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  return installabilityErrors.map((error) => error.errorId);
}

/**
 * The installed app as a phone keeps it, in a browser profile of its own (Chromium does not
 * offer to install from a private window): whether each page may be installed from, and a
 * repeat visit of `/login` (signed out) and the patient home (signed in) with the service
 * worker warm, on Lighthouse's slow 4G line and CPU, from the start of the navigation to the
 * first screen a reader waits for, `visits` times each.
 */
export async function benchInstalledApp(
  visits = 7,
): Promise<{ installability: InstallabilityFigures[]; repeatVisits: RepeatVisitFigures[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-installed-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-profile-'));
  const { url, child } = await startBuiltServer({
    DATA_DIR: dataDir,
    DEMO_USERS: 'true',
    NODE_ENV: 'test',
  });
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    baseURL: url,
    extraHTTPHeaders: { Origin: url },
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'allow',
  });
  try {
    const conversation = await demoConversation(url);
    const installability: InstallabilityFigures[] = [];
    const repeatVisits: RepeatVisitFigures[] = [];
    for (const page of repeatVisitPages) {
      console.log(`  Repeat visits: ${page.page}`);
      if (page.path !== '/login') {
        const response = await context.request.post('/api/auth/sign-in/email', {
          data: { email: 'patient@example.com', password: demoPassword },
        });
        if (!response.ok()) throw new Error(`bench sign-in answered ${response.status()}`);
      }
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await tab.addInitScript(watchForFirstScreen(page.shows));
      // The first visit, on the machine's own line: the worker installs and takes over.
      await tab.goto(page.path);
      await firstScreenMs(tab);
      await offlineReady(tab);
      installability.push({ page: page.page, errors: await installabilityErrors(cdp) });
      await throttle(cdp);
      const times: number[] = [];
      for (let visit = 0; visit < visits; visit += 1) {
        await tab.goto(page.path, { waitUntil: 'commit' });
        times.push(await firstScreenMs(tab));
        // The visit's own requests end before the next visit starts.
        await tab.waitForLoadState('load');
        await tab.waitForTimeout(500);
      }
      await tab.close();
      repeatVisits.push({ page: page.page, msToFirstScreen: times });
    }
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await tab.goto(`/messages/${conversation.id}`);
    await tab.getByRole('heading', { name: 'Care Team', level: 1 }).waitFor();
    installability.push({ page: 'a conversation', errors: await installabilityErrors(cdp) });
    return { installability, repeatVisits };
  } finally {
    await context.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}
