import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './support/accounts';

async function signIn(page: Page, email: string) {
  // page.request shares the page's cookies, so the page is signed in afterwards.
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface Account {
  email: string;
  /** What the home page shows to this role. */
  home: { heading: string; text?: string };
  /** The bottom navigation, in order: [name, href]; null href for the camera button. */
  tabs: [name: string, href: string | null][];
}

const accounts: Account[] = [
  {
    email: 'patient@example.com',
    home: { heading: 'Today', text: 'Welcome, Sita' },
    tabs: [
      ['Home', '/'],
      ['Health', '/health'],
      ['Camera', null],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ],
  },
  {
    email: 'doctor@example.com',
    home: { heading: 'Patient queue', text: 'No patients in queue' },
    tabs: [
      ['Queue', '/queue'],
      ['Patients', '/patients'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ],
  },
  {
    email: 'manager@example.com',
    home: { heading: 'Coming Soon', text: "This role's dashboard is under construction." },
    tabs: [
      ['Today', '/today'],
      ['Patients', '/patients'],
      ['Profile', '/profile'],
    ],
  },
  {
    email: 'admin@example.com',
    home: { heading: 'Coming Soon', text: "This role's dashboard is under construction." },
    tabs: [
      ['Overview', '/overview'],
      ['People', '/people'],
      ['Settings', '/settings'],
      ['Profile', '/profile'],
    ],
  },
  {
    email: 'superadmin@example.com',
    home: { heading: 'Network overview', text: 'Confirmed accounts' },
    tabs: [
      ['Network', '/'],
      ['Compliance', '/compliance'],
      ['Account', '/account'],
    ],
  },
  {
    email: 'researcher@example.com',
    home: { heading: 'Research Portal', text: 'What the portal will offer' },
    tabs: [
      ['Home', '/'],
      ['Profile', '/profile'],
    ],
  },
];

for (const account of accounts) {
  test(`${account.email} gets the home and navigation of the role`, async ({ page }) => {
    await signIn(page, account.email);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: account.home.heading, level: 1 })).toBeVisible();
    if (account.home.text) await expect(page.getByText(account.home.text)).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    if (account.tabs.length === 0) {
      await expect(nav).toHaveCount(0);
      return;
    }
    const controls = nav.getByRole('listitem').locator('a, button');
    await expect(controls).toHaveCount(account.tabs.length);
    for (const [index, [name, href]] of account.tabs.entries()) {
      const control = controls.nth(index);
      if (href === null) {
        await expect(control).toHaveAccessibleName(name);
      } else {
        await expect(control).toHaveText(name);
        await expect(control).toHaveAttribute('href', href);
      }
      const box = await control.boundingBox();
      expect(box?.height, `${name} is at least 34 px high`).toBeGreaterThanOrEqual(34);
    }
    await expect(nav.getByRole('button', { name: 'Camera' })).toHaveCount(
      account.email.startsWith('patient') ? 1 : 0,
    );

    // Every tab opens a page of the app, never "Page not found".
    for (const [name, href] of account.tabs) {
      if (href === null || href === '/') continue;
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
    }
  });
}

test('the pages of manager and admin show what the server counts, each to its own role', async ({
  page,
  browser,
}) => {
  await signIn(page, 'manager@example.com');
  await page.goto('/today');
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(page.getByRole('term')).toHaveText(['Appointments', 'Check-ins', 'Tasks', 'Alerts']);
  for (const label of ['Appointments', 'Check-ins', 'Tasks', 'Alerts']) {
    await expect(page.getByRole('term').filter({ hasText: label }).locator('+ dd')).toHaveText(
      /^\d[\d,]*$/,
    );
  }
  await expect(page.getByText('Booked for today, not cancelled')).toBeVisible();

  // Any signed-in user may open any protected page, but the figures are the admins'.
  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('These figures are for another role.');
  await expect(page.getByRole('term')).toHaveCount(0);

  const admin = await browser.newPage();
  await signIn(admin, 'admin@example.com');
  await admin.goto('/overview');
  await expect(admin.getByRole('term')).toHaveText([
    'Tenants',
    'Users',
    'Active sessions',
    'Uptime',
  ]);
  // The demo's clinic key, and at least the admin's own session, used a moment ago.
  await expect(admin.getByRole('term').filter({ hasText: 'Tenants' }).locator('+ dd')).toHaveText(
    '1',
  );
  await expect(
    admin.getByRole('term').filter({ hasText: 'Active sessions' }).locator('+ dd'),
  ).toHaveText(/^[1-9][\d,]*$/);
  await expect(admin.getByRole('term').filter({ hasText: 'Uptime' }).locator('+ dd')).toHaveText(
    /^\d{1,3}(\.\d)?%$/,
  );
  await admin.close();
});

test('the network overview speaks Nepali with Devanagari digits', async ({ page }) => {
  await signIn(page, 'superadmin@example.com');
  await page.goto('/');
  await page.getByRole('button', { name: 'ने' }).click();
  await expect(page.getByRole('heading', { name: 'सञ्जाल सारांश' })).toBeVisible();
  await expect(page.getByRole('term')).toHaveText([
    'संस्थाहरू',
    'प्रयोगकर्ताहरू',
    'सक्रिय सत्रहरू',
    'अपटाइम',
    'प्रयोग भएको भण्डारण',
  ]);
  const values = page.getByRole('term').locator('+ dd');
  await expect(values).toHaveCount(5);
  for (const value of await values.allTextContents()) expect(value).not.toMatch(/[0-9]/);
  await expect(values.first()).toHaveText('१');
  await expect(page.getByRole('link', { name: 'सञ्जाल' })).toBeVisible();
});

test('the doctor queue and the placeholder home speak Nepali', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'ne'));
  await signIn(page, 'doctor@example.com');
  await page.goto('/');
  await expect(page.getByText('लाइनमा कुनै बिरामी छैनन्')).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText(['०', '०', '--']);

  await signIn(page, 'manager@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'छिट्टै आउँदैछ' })).toBeVisible();
  await expect(page.getByText('यस भूमिकाको ड्यासबोर्ड बन्दै छ।')).toBeVisible();
});
