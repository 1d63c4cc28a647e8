import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { build as viteBuild } from 'vite';
import { createConfirmedAccount, password } from './support/accounts';
import { startOwnServer, type OwnServer } from './support/own-server';
import { offlineReady } from './support/service-worker';

test.use({ serviceWorkers: 'allow' });

const offlineBanner = 'Connection lost. Retrying...';
const nepaliOfflineBanner = 'जडान टुट्यो। पुनः प्रयास गर्दै...';

/**
 * The protected shell shows once the session check has failed (a try and one retry); on a
 * busy test machine starting every script from the cache and failing twice can take a while.
 */
const shellShows = { timeout: 20_000 };

/** Every URL in the origin's caches, as paths. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/**
 * The screen stays open and is not taken for signed out: a session that cannot be checked
 * offline used to send the reader to sign in once its check (and one retry, a second
 * later) had failed. Three seconds covers that.
 */
async function expectToStayOn(page: Page, screen: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    expect(new URL(page.url()).pathname).toBe(screen);
    await page.waitForTimeout(250);
  }
  await expect(page.getByRole('heading', { name: /^(Sign in|साइन इन)$/ })).toHaveCount(0);
}

/** Whether a Noto Sans Devanagari face was loaded and drawn: not one that failed to load. */
function devanagariFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (face) => face.family.includes('Noto Sans Devanagari') && face.status === 'loaded',
    );
  });
}

test('after one visit online, the app opens offline on every screen, in English and in Nepali', async ({
  page,
  context,
}) => {
  // Every screen twice, once online to install the app and once offline.
  test.setTimeout(120_000);
  // Signed up, in and onboarded through the API, so the one visit is one page from its load
  // on: a page still loading when the worker takes over is not taken (offlineReady).
  const email = await createConfirmedAccount(page.request, 'offline-shell');
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const saved = await page.request.put('/api/profile', {
    data: { first_name: 'Asha', last_name: 'Rai', age: 30, date_system: 'ad' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  // The one visit: the messages list and a new conversation.
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New message' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversation = new URL(page.url()).pathname;
  await offlineReady(page);

  // The worker keeps the app, never an API answer.
  const cached = await cachedPaths(page);
  expect(cached).toContain('/index.html');
  expect(cached.filter((file) => file.startsWith('/api'))).toEqual([]);

  await context.setOffline(true);
  for (const screen of ['/', '/messages', conversation, '/health']) {
    await page.goto(screen);
    await expect(page.getByText(offlineBanner)).toBeVisible(shellShows);
    await expectToStayOn(page, screen);
  }

  // Nepali was never downloaded online; its strings and font come from the worker's cache.
  await page.evaluate(() => localStorage.setItem('lang', 'ne'));
  await page.goto('/health');
  await expect(page.getByText(nepaliOfflineBanner)).toBeVisible(shellShows);
  await expectToStayOn(page, '/health');
  expect(await devanagariFontLoaded(page)).toBe(true);

  // Back online, the screen fills in without a reload.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'स्वास्थ्य अभिलेख', level: 1 })).toBeVisible(
    shellShows,
  );
  await expect(page.getByText(nepaliOfflineBanner)).toHaveCount(0);
});

test('the app installs under its name in the reader’s language, with its icons', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const manifestLink = page.locator('link[rel="manifest"]');

  for (const [language, name] of [
    ['en', 'Sewa'],
    ['ne', 'सेवा'],
  ] as const) {
    if (language === 'ne') await page.getByRole('button', { name: 'ने' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const href = await manifestLink.evaluate((link: HTMLLinkElement) => link.href);
    const response = await page.request.get(href);
    expect(response.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await response.json()) as {
      id: string;
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      name,
      short_name: name,
      lang: language,
      start_url: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
    });
    // What Chromium asks of an installable app: a 192 and a 512 pixel icon.
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose === 'any')).toBe(
        true,
      );
    }
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
  }
});

/**
 * A copy of the build for a server of the test's own, so a new version can be deployed
 * under it. The copy sits inside the project, where the server finds its dependencies.
 */
function copyOfBuild(): string {
  mkdirSync('dist', { recursive: true });
  const build = mkdtempSync(path.join('dist', 'e2e-deploy-'));
  for (const part of ['server/main.js', 'server/embedded-template', 'web']) {
    cpSync(path.join('dist', part), path.join(build, part), { recursive: true });
  }
  return build;
}

/**
 * The next version, built from the sources as a deploy builds it, into a folder of its own:
 * one change in the app's entry module (it marks the page `data-build="next"`), so the entry
 * and the chunks that import it get new names, the old ones are missing from the new build,
 * and the service worker's precache list changes, which is what the browser's update check
 * finds.
 */
async function buildNextVersion(): Promise<string> {
  const next = mkdtempSync(path.join('dist', 'e2e-next-'));
  await viteBuild({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir: path.resolve(next, 'web') },
    plugins: [
      {
        name: 'next-version',
        enforce: 'pre',
        transform: (code, id) =>
          id.endsWith('/web/src/main.tsx')
            ? `${code}\ndocument.documentElement.dataset.build = 'next';\n`
            : undefined,
      },
    ],
  });
  return next;
}

/** The file of a page's own chunk in a build, from its Vite manifest. */
function pageChunk(web: string, page: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(web, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[`src/app/routes/${page}.tsx`];
  if (!entry) throw new Error(`No chunk for ${page} in ${web}`);
  return `/${entry.file}`;
}

test('a new version deployed under a running page is offered with Reload, in both languages', async ({
  browser,
}) => {
  // A server of its own, started twice, and a build of the next version.
  test.setTimeout(120_000);
  const build = copyOfBuild();
  const next = await buildNextVersion();
  let server: OwnServer | undefined;
  let context: BrowserContext | undefined;
  try {
    server = await startOwnServer({ APP_MODE: 'official' }, { build });
    context = await browser.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { Origin: server.url },
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await page.goto('/login');
    // The first start of a server of its own on a busy machine can be slow.
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
    await offlineReady(page);

    // The cached page carries the server's app mode, so the app starts offline in it.
    await context.setOffline(true);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await expect(page.getByText('Official Medical Mode')).toBeVisible();
    await context.setOffline(false);

    // The next version is deployed: the server restarts on its files, the old ones gone.
    const oldForgotCode = pageChunk(path.join(build, 'web'), 'forgot');
    expect(pageChunk(path.join(next, 'web'), 'forgot')).not.toBe(oldForgotCode);
    await server.restart(() => {
      rmSync(path.join(build, 'web'), { recursive: true, force: true });
      renameSync(path.join(next, 'web'), path.join(build, 'web'));
    });
    expect((await page.request.get(oldForgotCode)).status()).toBe(404);
    // What the browser does on its own on a later navigation or after a while.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible();
    // Nothing changed under the reader: the running page is still the old version, and a
    // screen it had not opened yet comes from the old version's files, which the new
    // server no longer has.
    await expect(page.locator('html')).not.toHaveAttribute('data-build', 'next');
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-build', 'next');

    await page.getByRole('button', { name: 'ने' }).click();
    const nepaliPrompt = page.getByRole('status').filter({ hasText: 'नयाँ संस्करण उपलब्ध छ' });
    await expect(nepaliPrompt).toBeVisible();
    await nepaliPrompt.getByRole('button', { name: 'पुनः लोड गर्नुहोस्' }).click();

    await expect(page.locator('html')).toHaveAttribute('data-build', 'next');
    await expect(page.getByText('नयाँ संस्करण उपलब्ध छ')).toHaveCount(0);
    await expect(page).toHaveURL(/\/forgot$/);
  } finally {
    await context?.close();
    await server?.stop();
    rmSync(build, { recursive: true, force: true });
    rmSync(next, { recursive: true, force: true });
  }
});

test.describe('a screen whose code will not come', () => {
  // Without a worker, as on a first visit: the browser asks the server for every file.
  test.use({ serviceWorkers: 'block' });

  test('reloads by itself once while the server answers, then stays on Try again', async ({
    page,
  }) => {
    // The server answers everything but the code of the shell around the sign-in page.
    const shellCode = '**/assets/public-shell-*.js';
    await page.route(shellCode, (route) => route.fulfill({ status: 503, body: '' }));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/login');
    const failed = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
    await expect(failed).toBeVisible();

    // The server answers the app's question, so the app starts afresh once: the code fails again.
    await expect.poll(() => loads, shellShows).toBe(2);
    await expect(failed).toBeVisible();
    // It asks the server again and hears back, and this time stays on its error screen.
    await expect(page.getByText(offlineBanner)).toHaveCount(0);
    await page.waitForTimeout(3_000);
    expect(loads).toBe(2);
    await expect(failed).toBeVisible();

    // Try again is the reader's own reload, and works once the code comes.
    await page.unroute(shellCode);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(loads).toBe(3);
  });
});
