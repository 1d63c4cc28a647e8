import { randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pages } from '../../shared/pages';
import { createConfirmedAccount, demoPassword, password } from './accounts';

/**
 * The walks of issue 36's "Done when": every page of every role, as each person meets it.
 * A walker is a browser context signed in as one person (or nobody): the fits walk reuses one
 * across the walker's pages, the controls walk opens one for each page.
 */
export type Walker =
  | 'signed out'
  | 'newcomer'
  | 'new patient'
  | 'patient'
  | 'doctor'
  | 'manager'
  | 'admin'
  | 'superadmin'
  | 'researcher';

/** Every walker, in the order the walks go. */
export const walkers: readonly Walker[] = [
  'signed out',
  'newcomer',
  'new patient',
  'patient',
  'doctor',
  'manager',
  'admin',
  'superadmin',
  'researcher',
];

/** The ids the parameterised pages need, read from the demo accounts. */
export interface WalkIds {
  patientId: string;
  doctorId: string;
  /** The new patient's own conversation with the care team. */
  conversationId?: string;
}

/**
 * The pages each person has: those their navigation, home and buttons lead to. A page a role
 * does not have sends it home, so walking it would only walk home again.
 */
export function pagesOf(walker: Walker, ids: WalkIds): string[] {
  switch (walker) {
    case 'signed out':
      return [
        '/login',
        '/signup',
        '/forgot',
        '/reset-password?token=none',
        '/research',
        '/care-invitation/not-a-real-invitation',
      ];
    case 'newcomer':
      return ['/onboarding'];
    case 'new patient':
      // A patient with no health data yet, who has written to the care team: every empty state.
      return [
        '/',
        '/health',
        '/messages',
        ...(ids.conversationId ? [`/messages/${ids.conversationId}`] : []),
      ];
    case 'patient':
      return [
        '/',
        '/appointments/book',
        '/health',
        '/health/vitals/new',
        '/messages',
        '/profile',
        '/profile/record-reads',
        '/care-circle',
      ];
    case 'doctor':
      return [
        '/queue',
        '/patients',
        '/messages',
        '/profile',
        '/account',
        `/chart/${ids.patientId}`,
        `/hours/${ids.doctorId}`,
      ];
    case 'manager':
      return [
        '/',
        '/today',
        '/patients',
        '/hmis',
        '/profile',
        '/account',
        `/hours/${ids.doctorId}`,
      ];
    case 'admin':
      return ['/', '/overview', '/people', '/settings', '/profile', '/account'];
    case 'superadmin':
      return [
        '/',
        '/account',
        '/hmis',
        '/clinics',
        '/people',
        '/compliance',
        '/overview',
        '/profile',
      ];
    case 'researcher':
      return ['/', '/profile', '/account'];
  }
}

/**
 * The pages of the table no walk opens, each with why: a page every walk leaves out must be
 * here, so a new page cannot escape the walks unnoticed.
 */
export const pagesNotWalked: Record<string, string> = {
  '/visit/:id':
    'the call screen needs a visit a doctor started; e2e/visits.spec.ts drives it on the phone',
  '/staff-invitation/:token':
    'the link of a mailed staff invitation, used once; e2e/people.spec.ts opens it from the mail',
};

/** Every path pattern of `shared/pages.ts` some walk opens or `pagesNotWalked` names. */
export function unwalkedPages(ids: WalkIds): string[] {
  const walked = walkers.flatMap((walker) =>
    pagesOf(walker, { ...ids, conversationId: 'its-own-conversation' }),
  );
  const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/?]+')}(\\?.*)?$`);
  return pages
    .map((page) => page.path)
    .filter((path) => !(path in pagesNotWalked))
    .filter((path) => !walked.some((each) => patternOf(path).test(each)));
}

export const demoEmails: Record<
  Exclude<Walker, 'signed out' | 'newcomer' | 'new patient'>,
  string
> = {
  patient: 'patient@example.com',
  doctor: 'doctor@example.com',
  manager: 'manager@example.com',
  admin: 'admin@example.com',
  superadmin: 'superadmin@example.com',
  researcher: 'researcher@example.com',
};

/**
 * A browser context for the walker, signed in as their demo account (or a new one), and the
 * pages they walk. A walk of one page (`onlyPath`, a path of `pagesOf`) prepares only what
 * that page shows.
 */
export async function walkerContext(
  browser: Browser,
  baseURL: string,
  walker: Walker,
  ids: WalkIds,
  onlyPath?: string,
): Promise<{ context: BrowserContext; page: Page; paths: string[] }> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'America/New_York',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  if (walker === 'signed out') return { context, page, paths: pagesOf(walker, ids) };
  const fresh = walker === 'newcomer' || walker === 'new patient';
  const email = fresh ? await createConfirmedAccount(page.request, 'walk') : demoEmails[walker];
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: fresh ? password : demoPassword },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // The superadmin's home holds the notification record.
  if (walker === 'superadmin' && (onlyPath === undefined || onlyPath === '/')) {
    await aNotificationRecorded(browser, baseURL, page);
  }
  if (walker !== 'new patient') return { context, page, paths: pagesOf(walker, ids) };
  const saved = await page.request.put('/api/profile', {
    data: { first_name: 'Asha', last_name: 'Gurung', age: 30, date_system: 'ad' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const started = await page.request.post('/api/messaging/care-team');
  expect(started.ok(), await started.text()).toBe(true);
  const { conversation } = (await started.json()) as { conversation: { id: string } | null };
  const conversationId = conversation?.id;
  return { context, page, paths: pagesOf(walker, { ...ids, conversationId }) };
}

/**
 * A new patient books a slot far ahead, whose "Appointment booked" notification, with no
 * verified number or push subscription to go by, is recorded as skipped: the superadmin's
 * notification record then has a row to show.
 */
async function aNotificationRecorded(browser: Browser, baseURL: string, superadmin: Page) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    const request = context.request;
    const email = await createConfirmedAccount(request, 'walk-booking');
    const signedIn = await request.post('/api/auth/sign-in/email', { data: { email, password } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const saved = await request.put('/api/profile', {
      data: { first_name: 'Kamala', last_name: 'Rai', age: 41, date_system: 'ad' },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const first = (await (await request.get('/api/appointments/availability')).json()) as {
      doctorId: string;
      days: { day: string; free: number }[];
    };
    const day = first.days.filter((each) => each.free > 0).at(-2)?.day;
    expect(day).toBeDefined();
    const slots = (await (
      await request.get(`/api/appointments/availability?doctorId=${first.doctorId}&day=${day!}`)
    ).json()) as { slots: { startsAt: string }[] };
    const booked = await request.post('/api/appointments', {
      data: {
        id: randomUUID(),
        doctorId: first.doctorId,
        startsAt: slots.slots.at(-1)!.startsAt,
      },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
  } finally {
    await context.close();
  }
  await expect
    .poll(
      async () =>
        (
          (await (await superadmin.request.get('/api/notifications/records')).json()) as {
            records: unknown[];
          }
        ).records.length,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

/** The ids of the demo patient and the demo doctor. */
export async function demoIds(browser: Browser, baseURL: string): Promise<WalkIds> {
  const none = { patientId: '', doctorId: '' };
  const patient = await walkerContext(browser, baseURL, 'patient', none);
  const doctor = await walkerContext(browser, baseURL, 'doctor', none);
  try {
    const idOf = async (page: Page) =>
      ((await (await page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
    return { patientId: await idOf(patient.page), doctorId: await idOf(doctor.page) };
  } finally {
    await patient.context.close();
    await doctor.context.close();
  }
}

/** Chooses the language as the toggle does: stored under `lang`, read when the app starts. */
export async function chooseLanguage(page: Page, language: 'en' | 'ne'): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
}

/**
 * Opens `path` and waits until the screen has settled: its main heading is there, no spinner
 * or skeleton is left, and the fonts are in.
 */
export async function openSettled(page: Page, path: string, language: 'en' | 'ne') {
  await page.goto(path);
  await settled(page, language);
}

/** Waits until the screen shown has settled, as `openSettled` does after opening it. */
export async function settled(page: Page, language: 'en' | 'ne') {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(
    // The camera button's pulse in the navigation is an invitation, not a wait.
    page.locator(
      '[aria-busy="true"]:not(nav *), .animate-pulse:not(nav *), .animate-spin:not(nav *)',
    ),
  ).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
