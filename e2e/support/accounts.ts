import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The contract's password of every demo account. */
export const demoPassword = 'demo-pass-2026';

/** The password of accounts the tests create. */
export const password = 'a-good-password-1';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Tests share one database: every account a test creates has an address of its own. */
let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The newest mail to `to` in the development outbox whose subject matches. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mail');
      const mails = (await response.json()) as Mail[];
      found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The mail's link: a full URL on a line of its own. */
export function linkIn(mail: Mail): string {
  const line = mail.text.split('\n').find((text) => /^https?:\/\//.test(text.trim()));
  expect(line, mail.text).toBeDefined();
  return line!.trim();
}

/**
 * A client address of its own for each account a test creates, as if each person signed up
 * on their own phone: the suite makes more accounts than one address may in an hour. The
 * test server believes the address from loopback alone (`TRUST_PROXY` in the config).
 */
function ownClientAddress(): string {
  return `198.18.${Math.floor(Math.random() * 256)}.${(counter % 254) + 1}`;
}

/** A new account, signed up through the API and confirmed through its mailed link. */
export async function createConfirmedAccount(
  request: APIRequestContext,
  label = 'person',
): Promise<string> {
  const email = uniqueEmail(label);
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { 'x-forwarded-for': ownClientAddress() },
    data: { email, password, name: '', inviteCode: 'PILOT-2026', callbackURL: '/' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const link = linkIn(await mailTo(request, email, /confirm/i));
  expect((await request.get(link)).ok()).toBe(true);
  return email;
}

export async function signInThroughForm(page: Page, email: string, secret = password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * A patient who signed up, confirmed, signed in through the form and finished onboarding
 * through the API; returns their e-mail.
 */
export async function signedInPatient(
  page: Page,
  label: string,
  profile: Record<string, unknown>,
): Promise<string> {
  const email = await createConfirmedAccount(page.request, label);
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  const saved = await page.request.put('/api/profile', { data: profile });
  expect(saved.ok(), await saved.text()).toBe(true);
  return email;
}
