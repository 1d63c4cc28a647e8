import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedAccount, demoPassword, password } from './support/accounts';
import { bubble, send, startCareTeamConversation } from './support/conversation';
import { offlineReady } from './support/service-worker';

// What the phone keeps works beside the installed service worker, as on a real phone.
test.use({ serviceWorkers: 'allow' });

const offlineBanner = 'Connection lost. Retrying...';

// Each test goes through several page loads, offline and back, on a small shared machine.
test.setTimeout(90_000);

async function signIn(request: APIRequestContext, email: string, secret = password) {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email, password: secret },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A confirmed patient of its own, signed in on this page's browser context. */
async function newPatient(page: Page, label: string): Promise<string> {
  const email = await createConfirmedAccount(page.request, `offline-${label}`);
  await signIn(page.request, email);
  return email;
}

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' });
/** The list item of one message: its bubble and what is written beside it. */
const messageItem = (page: Page, text: string) =>
  messages(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });

const messagesUrl = (conversationId: string) =>
  `/api/messaging/conversations/${conversationId}/messages`;

test('a message sent offline waits on the device through a reload and a closed tab, and arrives once', async ({
  browser,
  page,
  context,
}) => {
  await newPatient(page, 'outbox');
  const conversationId = await startCareTeamConversation(page);

  await context.setOffline(true);
  await expect(page.getByText(offlineBanner)).toBeVisible();
  await send(page, 'Written without a connection.');
  const item = messageItem(page, 'Written without a connection.');
  await expect(item).toContainText('Waiting to send');
  await expect(bubble(page, 'Written without a connection.')).toHaveAttribute('data-own', 'true');
  // A second one keeps its place after the first.
  await send(page, 'And a second one.');
  await expect(messageItem(page, 'And a second one.')).toContainText('Waiting to send');

  // Back online, but the server cannot be reached for sending yet: they stay, through a reload.
  const sends = `**${messagesUrl(conversationId)}`;
  await page.route(sends, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
  );
  await context.setOffline(false);
  await page.reload();
  await expect(messageItem(page, 'Written without a connection.')).toContainText('Waiting to send');
  await expect(messageItem(page, 'And a second one.')).toContainText('Waiting to send');

  // The tab is closed; the next one opened sends them once the server answers.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/messages/${conversationId}`);
  await expect(bubble(again, 'And a second one.')).toBeVisible();
  await expect(again.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
  await expect(messages(again).locator('time')).toHaveCount(2);

  // The doctor finds each once, in the order they were written.
  const doctor = await browser.newContext();
  const doctorPage = await doctor.newPage();
  await signIn(doctorPage.request, 'doctor@example.com', demoPassword);
  const stored = (await (await doctorPage.request.get(messagesUrl(conversationId))).json()) as {
    content: string;
  }[];
  expect(stored.map((message) => message.content)).toEqual([
    'Written without a connection.',
    'And a second one.',
  ]);
  await doctorPage.goto(`/messages/${conversationId}`);
  await expect(bubble(doctorPage, 'Written without a connection.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(bubble(doctorPage, 'Written without a connection.')).toHaveCount(1);
  await expect(bubble(doctorPage, 'And a second one.')).toHaveCount(1);
  await doctor.close();
});

test('a message the server refuses for good shows as not sent, with a way to send it again or delete it', async ({
  page,
}) => {
  await newPatient(page, 'refused');
  const conversationId = await startCareTeamConversation(page);
  let refuse = true;
  await page.route(`**${messagesUrl(conversationId)}`, (route) =>
    refuse && route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'validation_failed',
              message: 'A message can have at most 4,000 characters',
            },
          }),
        })
      : route.fallback(),
  );
  await send(page, 'Refused once.');
  const item = messageItem(page, 'Refused once.');
  await expect(item).toContainText('Not sent');
  await expect(item).toContainText('The server did not accept this message. It may be too long.');

  refuse = false;
  await item.getByRole('button', { name: 'Send again' }).click();
  await expect(item.locator('time')).toBeVisible();
  await expect(page.getByText('Not sent')).toHaveCount(0);

  refuse = true;
  await send(page, 'Refused and deleted.');
  const deleted = messageItem(page, 'Refused and deleted.');
  await expect(deleted).toContainText('Not sent');
  await deleted.getByRole('button', { name: 'Delete' }).click();
  await expect(deleted).toHaveCount(0);
  await page.reload();
  await expect(bubble(page, 'Refused once.')).toBeVisible();
  await expect(bubble(page, 'Refused and deleted.')).toHaveCount(0);
});

test('a connection lost during the first load shows the banner at once, and the page comes back by itself', async ({
  page,
  context,
}) => {
  await signIn(page.request, 'patient@example.com', demoPassword);

  // No answer from the API at all while the app starts.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  // Timed from the first screen the app draws: a small shared test machine takes its time before.
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(page.getByText(offlineBanner)).toBeVisible({ timeout: 2_000 });
  await page.unroute('**/api/**');
  await expect(page.getByText('Welcome, Sita')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(offlineBanner)).toHaveCount(0);

  // The browser goes offline while the app waits for who is signed in.
  let wentOffline: () => void = () => undefined;
  const offline = new Promise<void>((resolve) => (wentOffline = resolve));
  await page.route('**/api/me', async (route) => {
    await offline;
    await route.abort('internetdisconnected');
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByText('Loading…')).toBeVisible();
  await context.setOffline(true);
  wentOffline();
  await expect(page.getByText(offlineBanner)).toBeVisible({ timeout: 2_000 });
  await page.unroute('**/api/me');
  await context.setOffline(false);
  await expect(page.getByText('Welcome, Sita')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(offlineBanner)).toHaveCount(0);
});

/** What this browser keeps in IndexedDB: the accounts with cached data and the outbox's owners. */
function keptOnDevice(page: Page): Promise<{ cached: string[]; outbox: string[] }> {
  return page.evaluate(async () => {
    const all = (name: string, store: string) =>
      new Promise<{ ownerId: string }[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as { ownerId: string }[]);
        };
      });
    return {
      cached: (await all('sewa-cache', 'snapshots')).map((entry) => entry.ownerId),
      outbox: (await all('sewa-outbox', 'entries')).map((entry) => entry.ownerId),
    };
  });
}

/** Everything the device keeps of the cache, as text. */
function keptText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const open = indexedDB.open('sewa-cache');
    const db = await new Promise<IDBDatabase>(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    if (!db.objectStoreNames.contains('snapshots')) return '';
    const request = db.transaction('snapshots').objectStore('snapshots').getAll();
    return new Promise<string>(
      (resolve) => (request.onsuccess = () => resolve(JSON.stringify(request.result))),
    );
  });
}

async function myId(request: APIRequestContext): Promise<string> {
  const me = (await (await request.get('/api/me')).json()) as { user: { id: string } };
  return me.user.id;
}

async function saveProfile(request: APIRequestContext, firstName: string) {
  const response = await request.put('/api/profile', {
    data: {
      first_name: firstName,
      last_name: '',
      gender: '',
      age: '',
      date_system: 'ad',
      dob_ad: '',
      dob_bs: '',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('what was seen shows offline, and the next account on the phone finds none of it', async ({
  page,
}) => {
  await newPatient(page, 'first');
  await saveProfile(page.request, 'Asha');
  const first = await myId(page.request);
  const conversationId = await startCareTeamConversation(page);
  await send(page, 'A private note from Asha.');
  await expect(messageItem(page, 'A private note from Asha.').locator('time')).toBeVisible();
  await expect.poll(() => keptText(page)).toContain('A private note from Asha.');
  await page.goto('/');
  await expect(page.getByText('Welcome, Asha')).toBeVisible();
  await expect(page.getByText(/All data synced/)).toBeVisible();
  await expect.poll(async () => (await keptOnDevice(page)).cached).toEqual([first]);

  // No connection: the app opens with what Asha had seen, and says when it was synced.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByText(offlineBanner)).toBeVisible();
  await expect(page.getByText('Welcome, Asha')).toBeVisible();
  await expect(page.getByText(/Offline · last synced \d{1,2}:\d{2}/)).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Messages' })
    .click();
  await page.getByRole('link', { name: /Care Team/ }).click();
  await expect(bubble(page, 'A private note from Asha.')).toBeVisible();
  await send(page, 'Never sent by Asha.');
  await expect(messageItem(page, 'Never sent by Asha.')).toContainText('Waiting to send');
  expect((await keptOnDevice(page)).outbox).toEqual([first]);

  // Asha signs out: her data and her unsent message leave the phone.
  await page.unroute('**/api/**');
  await page.route(`**${messagesUrl(conversationId)}`, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
  );
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => keptOnDevice(page)).toEqual({ cached: [], outbox: [] });

  // Bina signs in on the same phone and sees only her own, online and offline.
  await newPatient(page, 'second');
  await saveProfile(page.request, 'Bina');
  const second = await myId(page.request);
  await page.goto('/');
  await expect(page.getByText('Welcome, Bina')).toBeVisible();
  await expect.poll(async () => (await keptOnDevice(page)).cached).toEqual([second]);
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`/messages/${conversationId}`);
  await expect(page.getByText(offlineBanner)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Welcome, Bina')).toBeVisible();
  await expect(page.getByText(/Asha/)).toHaveCount(0);
  await page.goto(`/messages/${conversationId}`);
  await expect(page.getByText(offlineBanner)).toBeVisible();
  await expect(page.getByText(/Asha/)).toHaveCount(0);
  await page.unroute('**/api/**');
  await page.unroute(`**${messagesUrl(conversationId)}`);

  // The unsent message never reached the server.
  await page.request.post('/api/auth/sign-out', { data: {} });
  await signIn(page.request, 'doctor@example.com', demoPassword);
  const stored = (await (await page.request.get(messagesUrl(conversationId))).json()) as {
    content: string;
  }[];
  expect(stored.map((message) => message.content)).toEqual(['A private note from Asha.']);
});

test('another account signing in without a sign-out first erases the previous account’s data and outbox', async ({
  page,
  context,
}) => {
  await newPatient(page, 'switch-a');
  const first = await myId(page.request);
  await startCareTeamConversation(page);
  await context.setOffline(true);
  await send(page, 'Left behind.');
  await expect(messageItem(page, 'Left behind.')).toContainText('Waiting to send');
  await expect.poll(async () => (await keptOnDevice(page)).outbox).toEqual([first]);
  await context.setOffline(false);
  await page.route('**/api/messaging/**', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback(),
  );

  await page.request.post('/api/auth/sign-out', { data: {} });
  await newPatient(page, 'switch-b');
  const second = await myId(page.request);
  await page.goto('/messages');
  await expect(page.getByText('No messages yet')).toBeVisible();
  await expect.poll(() => keptOnDevice(page)).toEqual({ cached: [second], outbox: [] });
});

test.describe('a sign-out without a connection', () => {
  // The app opens offline only through its service worker.
  test.use({ serviceWorkers: 'allow' });

  test('shows the sign-in page through a reload offline, and ends the session on the server once online', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    await newPatient(page, 'sign-out');
    await saveProfile(page.request, 'Chandra');
    await page.goto('/');
    await expect(page.getByText('Welcome, Chandra')).toBeVisible();
    await offlineReady(page);
    // The session's cookie as the server knows it, to ask with from outside the browser.
    const cookie = (await context.cookies()).map((each) => `${each.name}=${each.value}`).join('; ');
    const outside = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie },
    });
    const meStatus = async () => (await outside.get('/api/me')).status();
    expect(await meStatus()).toBe(200);

    await context.setOffline(true);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // Offline, a reload and a signed-in screen both show the sign-in page, not Chandra.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(/Chandra/)).toHaveCount(0);
    // The phone still has a sign-out to tell: no answer reached the page. (Whether the server
    // heard of it is not asked here: Chromium's emulated offline does not hold back every
    // request a service worker passes on to the network.)
    expect(await page.evaluate(() => localStorage.getItem('sewa-sign-out-pending'))).toBe(
      'pending',
    );

    // Back online, the app tells the server first, and the old cookie no longer opens anything.
    await context.setOffline(false);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('sewa-sign-out-pending')), {
        timeout: 15_000,
      })
      .toBeNull();
    expect(await meStatus()).toBe(401);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await outside.dispose();
  });
});
