import { expect, test, type Page } from '@playwright/test';
import { createConfirmedAccount, password } from './support/accounts';
import { bubble, send, startCareTeamConversation } from './support/conversation';
import { offlineReady } from './support/service-worker';

// A clinic tablet opens offline through its service worker, as the phones do.
test.use({ serviceWorkers: 'allow' });

// The test signs in, waits for the tablet to forget, and reloads offline, on a small shared
// machine.
test.setTimeout(120_000);

const sensitive = 'I am HIV positive and my tablets ran out.';

/** Everything this browser keeps that could hold a person's data, as text. */
function keptOnDevice(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const everything = (name: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          if (stores.length === 0) return resolve([]);
          const transaction = db.transaction(stores);
          const all: unknown[] = [];
          for (const store of stores) {
            const request = transaction.objectStore(store).getAll();
            request.onsuccess = () => all.push(...(request.result as unknown[]));
          }
          transaction.oncomplete = () => resolve(all);
        };
      });
    const cachedAnswers: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (new URL(request.url).pathname.startsWith('/api/')) cachedAnswers.push(request.url);
      }
    }
    return JSON.stringify({
      cache: await everything('sewa-cache'),
      outbox: await everything('sewa-outbox'),
      owner: localStorage.getItem('sewa-data-owner'),
      cachedAnswers,
    });
  });
}

test('a session ended from another device leaves nothing of the patient on a shared tablet, online or offline', async ({
  browser,
  page,
  context,
}) => {
  // Maya signs in on the clinic tablet and opens her pages.
  const email = await createConfirmedAccount(page.request, 'tablet');
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const profile = await page.request.put('/api/profile', {
    data: {
      first_name: 'Maya',
      last_name: 'Gurung',
      gender: '',
      age: '',
      date_system: 'ad',
      dob_ad: '',
      dob_bs: '',
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  await page.goto('/');
  await expect(page.getByText('Welcome, Maya')).toBeVisible();
  await offlineReady(page);
  const conversationId = await startCareTeamConversation(page);
  await send(page, sensitive);
  await expect(
    page
      .getByRole('region', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ has: page.getByText(sensitive, { exact: true }) })
      .locator('time'),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Health' })
    .click();
  await expect(page).toHaveURL(/\/health$/);
  // The tablet keeps what she saw, for her, as it does for anyone signed in.
  await expect.poll(() => keptOnDevice(page)).toContain(sensitive);
  expect(await keptOnDevice(page)).toContain('Maya');

  // From her phone, Maya ends her other sessions.
  const phone = await browser.newContext();
  const phoneRequest = phone.request;
  const phoneSignIn = await phoneRequest.post('/api/auth/sign-in/email', {
    data: { email, password },
  });
  expect(phoneSignIn.ok(), await phoneSignIn.text()).toBe(true);
  const revoked = await phoneRequest.post('/api/auth/revoke-other-sessions', { data: {} });
  expect(revoked.ok(), await revoked.text()).toBe(true);
  await phone.close();

  // The tablet learns it by itself, without anyone touching it, and forgets her: the server
  // ends its push stream at once, not at the stream's check once a minute.
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect
    .poll(() => keptOnDevice(page))
    .toBe(JSON.stringify({ cache: [], outbox: [], owner: null, cachedAnswers: [] }));

  // Offline, a reload shows the sign-in page, and each of her pages nothing of hers: with
  // nobody's data on the device, they wait for the connection.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  for (const path of ['/', `/messages/${conversationId}`, '/health', '/profile']) {
    await page.goto(path);
    await expect(page.getByText('Connection lost. Retrying...')).toBeVisible();
    await expect(page.getByText('Loading…')).toBeVisible();
    await expect(page.getByText(/Maya|Gurung/)).toHaveCount(0);
    await expect(bubble(page, sensitive)).toHaveCount(0);
    expect(await page.content()).not.toContain('HIV');
  }
  expect(await keptOnDevice(page)).toBe(
    JSON.stringify({ cache: [], outbox: [], owner: null, cachedAnswers: [] }),
  );
  await context.setOffline(false);
});
