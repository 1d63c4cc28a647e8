import { expect, test } from '@playwright/test';
import {
  createConfirmedAccount,
  demoPassword,
  signedInPatient,
  signInThroughForm,
} from './support/accounts';
import { startCareTeamConversation } from './support/conversation';

test('a protected page without a session leads to /login', async ({ page }) => {
  for (const path of ['/', '/profile', '/messages/abc', '/queue']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
});

test('a page under the protected shell asks for the session once, with the page', async ({
  page,
}) => {
  const email = await createConfirmedAccount(page.request, 'session-preload');
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);

  // The page's preload of GET /api/me is what the session query reads, not a second call.
  const sessionRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') sessionRequests.push(request.url());
  });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: email })).toBeVisible();
  expect(sessionRequests).toHaveLength(1);
});

test("a patient's home and conversation read the data the server asked for with the page", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Chromium names, a few seconds after the load, every preload that nothing read.
  const unread: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('preloaded using link preload but not used')) {
      unread.push(message.text());
    }
  });
  await signedInPatient(page, 'data-preload', {
    first_name: 'Asha',
    last_name: 'Rai',
    age: 30,
    date_system: 'ad',
  });
  const conversationId = await startCareTeamConversation(page);

  // What the browser fetched for the page because its HTML said so.
  const preloads = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link')
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.startsWith('/api/')),
    );
  await page.goto('/');
  await expect(page.getByText('Welcome, Asha')).toBeVisible();
  expect(await preloads()).toEqual(
    expect.arrayContaining(['/api/me', '/api/messaging/conversations']),
  );
  await page.waitForTimeout(4_000);
  await page.goto(`/messages/${conversationId}`);
  await expect(page.getByRole('heading', { name: 'Care Team', level: 1 })).toBeVisible();
  expect(await preloads()).toEqual(
    expect.arrayContaining([
      `/api/messaging/conversations/${conversationId}`,
      `/api/messaging/conversations/${conversationId}/messages`,
    ]),
  );
  await page.waitForTimeout(4_000);
  expect(unread).toEqual([]);
});

test("the page shows the brand mark until the app's code has run, then the app", async ({
  page,
}) => {
  // A phone still downloading the code: the mark, not a blank page.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.locator('[data-splash] svg')).toBeVisible();

  await page.unroute('**/assets/*.js');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('[data-splash]')).toHaveCount(0);
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  // Home needs a session, so a visitor ends on the sign-in page.
  await expect(page).toHaveURL(/\/login$/);
});

test('the mode banner follows the stored app mode', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Educational suggestions only. Not medical advice.')).toBeVisible();
  await expect(page.getByText('Official Medical Mode')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('appMode'))).toBeNull();

  await page.evaluate(() => localStorage.setItem('appMode', 'official'));
  await page.reload();
  await expect(page.getByText('Official Medical Mode')).toBeVisible();
  await expect(page.getByText('Educational suggestions only. Not medical advice.')).toHaveCount(0);
});

test('the language toggle switches to Nepali and the choice survives a reload', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'ने' }).click();
  await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();
  await expect(page.getByText('शैक्षिक सुझाव मात्र। चिकित्सकीय सल्लाह होइन।')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ne');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');

  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
});

test('the offline banner appears without a connection and its Retry spins for a second', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  // The page's code has arrived before the connection goes.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Connection lost. Retrying...')).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByText('Connection lost. Retrying...')).toBeVisible();

  const retry = page.getByRole('button', { name: 'Retry' });
  // Timed inside the page, so a slow test machine cannot miss the one-second spin.
  const spin = await page.evaluate(async () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    const icon = document.querySelector('[data-testid="retry-icon"]');
    if (!button || !icon) throw new Error('no Retry button');
    const started = performance.now();
    button.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const spinningAtOnce = icon.classList.contains('animate-spin') && button.disabled;
    while (icon.classList.contains('animate-spin')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { spinningAtOnce, ms: performance.now() - started };
  });
  expect(spin.spinningAtOnce).toBe(true);
  expect(spin.ms).toBeGreaterThanOrEqual(950);
  expect(spin.ms).toBeLessThan(2_000);
  await expect(retry).toBeEnabled();

  await context.setOffline(false);
  await expect(page.getByText('Connection lost. Retrying...')).toHaveCount(0);
});

test('the sign-in page fits a small phone screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  await page.screenshot({ path: 'docs/screenshots/login.png' });
});

test.describe('before the app is kept on the phone', () => {
  // Once the service worker has kept the app, every screen's code is on the phone: this is
  // a first visit before it has, or a browser without service workers.
  test.use({ serviceWorkers: 'block' });

  test('a screen whose code cannot be fetched offline keeps the shell and offers to try again', async ({
    page,
    context,
  }) => {
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'patient@example.com', password: demoPassword },
    });
    await page.goto('/');
    await expect(page.getByText('Welcome, Sita')).toBeVisible();

    // The health screen's code has not been needed yet, and now it cannot be fetched.
    await context.setOffline(true);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Health' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'This screen could not be loaded. Check your connection and try again.',
      }),
    ).toBeVisible();
    await expect(page.getByText('Connection lost. Retrying...')).toBeVisible();
    await expect(nav).toBeVisible();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Health' })).toBeVisible();
  });
});
