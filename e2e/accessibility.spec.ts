import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './support/accounts';

const languages = ['en', 'ne'] as const;

/** Screens anyone can open, and the page for an unknown address. */
const publicScreens = [
  '/login',
  '/signup',
  '/forgot',
  '/reset-password',
  '/research',
  '/no-such-page',
];

/**
 * The screens of each demo account. Every routed page of the role is listed, also
 * those still being built, so they are checked from the day they land.
 */
const screensByAccount: Record<string, string[]> = {
  'patient@example.com': [
    '/',
    '/health',
    '/health?section=vitals',
    '/health/vitals/new',
    '/appointments/book',
    '/messages',
    '/messages/a11y-check',
    '/profile',
    '/onboarding',
  ],
  'doctor@example.com': [
    '/queue',
    '/messages',
    '/messages/a11y-check',
    '/chart/a11y-check',
    '/profile',
    '/hours/:me',
  ],
  'manager@example.com': ['/today', '/hours/:doctor', '/profile'],
  'admin@example.com': ['/overview', '/profile'],
  'superadmin@example.com': ['/', '/profile'],
  'researcher@example.com': ['/', '/profile'],
};

async function useLanguage(page: Page, language: (typeof languages)[number]) {
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
}

async function signIn(page: Page, email: string) {
  // page.request shares the page's cookies, so the page is signed in afterwards.
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A screen's path with `:me` as the reader's id and `:doctor` as the first doctor's. */
async function resolvePath(page: Page, path: string): Promise<string> {
  if (path.includes(':me')) {
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    return path.replace(':me', me.user.id);
  }
  if (path.includes(':doctor')) {
    const doctors = (await (await page.request.get('/api/doctors')).json()) as { id: string }[];
    return path.replace(':doctor', doctors[0]!.id);
  }
  return path;
}

/** The serious and critical violations on the screen at `path`, one line each. */
async function violationsAt(page: Page, path: string, language: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // The page itself, not the loading spinner of its lazy chunk.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${path} [${language}] ${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

// Each test opens several screens and runs axe on each.
test.describe.configure({ timeout: 180_000 });

for (const language of languages) {
  test(`the public screens have no serious accessibility violations [${language}]`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    const found: string[] = [];
    for (const path of publicScreens) found.push(...(await violationsAt(page, path, language)));
    expect(found).toEqual([]);
  });

  for (const [email, screens] of Object.entries(screensByAccount)) {
    test(`the screens of ${email} have no serious accessibility violations [${language}]`, async ({
      page,
    }) => {
      await useLanguage(page, language);
      await signIn(page, email);
      const found: string[] = [];
      for (const path of screens) {
        found.push(...(await violationsAt(page, await resolvePath(page, path), language)));
      }
      expect(found).toEqual([]);
    });
  }
}
