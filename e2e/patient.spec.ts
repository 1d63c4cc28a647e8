import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedAccount, signedInPatient, signInThroughForm } from './support/accounts';

/** The screen fits a 360-pixel phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a new patient is sent to onboarding, corrected, and saved with a BS date of birth', async ({
  page,
}) => {
  const email = await createConfirmedAccount(page.request, 'onboarding');
  await signInThroughForm(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Without a name yet, the profile card shows the e-mail, and still fits the phone.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: email })).toBeVisible();
  await expect(page.getByText('Age not given')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/onboarding');

  const save = page.getByRole('button', { name: 'Save profile' });
  await save.click();
  await expect(page.getByText('Please enter your first name')).toBeVisible();

  await page.getByLabel('First name').fill('Sita');
  await page.getByLabel('Age').fill('121');
  await save.click();
  await expect(page.getByText('Please enter your first name')).toBeHidden();
  await expect(page.getByText('Please enter a valid age')).toBeVisible();
  await page.getByLabel('Age').fill('abc');
  await save.click();
  await expect(page.getByText('Please enter a valid age')).toBeVisible();
  await page.getByLabel('Age').fill('26');
  await page.getByLabel('Gender').selectOption('female');

  // An AD date shows its BS twin.
  await page.getByLabel('Date of birth (AD)').fill('2000-01-15');
  await expect(page.getByText('That is 2056-10-01 BS')).toBeVisible();

  // BS is typed as text and must be a real Bikram Sambat date.
  await page.getByLabel('BS (Bikram Sambat)').check();
  const bs = page.getByLabel('Date of birth (BS)');
  await expect(bs).toHaveAttribute('placeholder', 'YYYY-MM-DD (BS)');
  await bs.fill('2056-13-01');
  await save.click();
  await expect(page.getByText('Please enter a valid BS date (YYYY-MM-DD)')).toBeVisible();
  await bs.fill('2056-10-01');
  await expect(page.getByText('That is 2000-01-15 AD')).toBeVisible();
  await expect(page.getByText('Please enter a valid age')).toBeHidden();

  await save.click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome, Sita')).toBeVisible();

  // Only the chosen calendar's date was kept, and the server made them a patient.
  const me = (await (await page.request.get('/api/me')).json()) as {
    role: string;
    profile: Record<string, unknown>;
  };
  expect(me.role).toBe('patient');
  expect(me.profile).toMatchObject({
    first_name: 'Sita',
    gender: 'female',
    age: 26,
    date_system: 'bs',
    dob_bs: '2056-10-01',
    dob_ad: null,
  });
});

test('the dashboard shows every card, with no medicine or vitals for a new patient', async ({
  page,
}) => {
  await signedInPatient(page, 'patient', { first_name: 'Asha', age: 34, date_system: 'ad' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
  await expect(page.getByText('Welcome, Asha')).toBeVisible();
  for (const action of ['Send photo/video', 'Share access']) {
    await expect(page.getByRole('button', { name: action })).toBeVisible();
  }
  // "Send photo/video" opens the camera sheet, as the centre button does.
  await page.getByRole('button', { name: 'Send photo/video' }).click();
  await expect(page.getByRole('dialog', { name: 'Camera' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Camera' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Record vitals' })).toBeVisible();
  // The quick action and the card's own: both open booking.
  for (const schedule of await page.getByRole('link', { name: 'Schedule' }).all()) {
    await expect(schedule).toHaveAttribute('href', '/appointments/book');
  }

  // Nothing booked: the card says so, and the virtual clinic's door is there all the same.
  const appointment = card(page, 'Next appointment');
  await expect(appointment.getByText('No appointment booked.')).toBeVisible();
  await expect(appointment.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(appointment.getByRole('button', { name: 'Join Video Visit' })).toBeVisible();
  await expect(card(page, 'Open tasks').getByText(/No open tasks/)).toBeVisible();
  await expect(card(page, 'Latest conversation').getByText(/No conversations yet/)).toBeVisible();
  // A new patient has no readings, so no vitals numbers (e2e/vitals.spec.ts records some).
  await expect(card(page, 'Vitals snapshot').getByText('No vitals yet.')).toBeVisible();
  await expect(
    card(page, 'Announcements').getByText('Virtual clinic hours: 7:30–19:00 daily.'),
  ).toBeVisible();
  await expect(
    card(page, 'Announcements').getByText(/E-check-in opens 30 minutes before/),
  ).toBeVisible();
  await expect(page.getByText(/All data synced/)).toBeVisible();
  await expect(page.getByText('Your doctor is waiting')).toBeHidden();
  await expectNoSidewaysScroll(page);

  // Nobody prescribed anything: no dose to take (e2e/medications.spec.ts prescribes some).
  const medications = card(page, 'Medications due');
  await expect(medications.getByText('No active medications.')).toBeVisible();
  await expect(medications.getByRole('button', { name: 'Taken' })).toHaveCount(0);
  await expect(medications).not.toContainText(/\d/);

  // "Join Video Visit" puts the patient in the queue: e2e/visits.spec.ts presses it on a
  // server of its own, so the shared server's queue stays empty.
  await expect(page.getByRole('button', { name: 'Join Video Visit' })).toBeVisible();

  await page.getByRole('link', { name: 'Message clinic' }).first().click();
  await expect(page).toHaveURL(/\/messages$/);
});

test('health records show the five sections with counts and their empty states', async ({
  page,
}) => {
  await signedInPatient(page, 'patient', {
    first_name: 'Bina',
    last_name: 'Rai',
    age: 41,
    date_system: 'ad',
  });
  await page.goto('/health');
  await expect(page.getByRole('heading', { name: 'Health records' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bina Rai' })).toBeVisible();
  await expect(page.getByText('41 years old')).toBeVisible();

  const sections: [string, string][] = [
    ['Timeline', 'Your medical history will appear here.'],
    ['Meds', 'No active medications.'],
    ['Vitals', 'No vitals yet.'],
    ['Docs', 'No documents yet.'],
    ['Summaries', 'No summaries yet.'],
  ];
  await expect(page.getByRole('tab')).toHaveCount(5);
  for (const [tab, empty] of sections) {
    const trigger = page.getByRole('tab', { name: `${tab} 0` });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveText(empty);
  }
  await expectNoSidewaysScroll(page);
});

test('the profile shows its cards, leads to history, and Log out returns to sign-in', async ({
  page,
}) => {
  await signedInPatient(page, 'patient', { first_name: 'Kamala', age: 58, date_system: 'ad' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Kamala' })).toBeVisible();
  await expect(page.getByText('58 years old')).toBeVisible();
  await expect(page.getByText('No vitals yet.')).toBeVisible();
  for (const title of [
    'Caregivers & Access',
    'Account',
    'Clinics & Device',
    'Privacy & Security',
  ]) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Message clinic' })).toHaveAttribute(
    'href',
    '/messages',
  );
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'View history' }).click();
  await expect(page).toHaveURL(/\/health$/);
  await page.goBack();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard reads in Nepali with Devanagari digits', async ({ page }) => {
  await signedInPatient(page, 'patient', { first_name: 'Gita', date_system: 'ad' });
  // Her own reading, recorded through the API: the home shows only what someone recorded.
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const recorded = await page.request.post(`/api/patients/${me.user.id}/vitals`, {
    data: {
      id: randomUUID(),
      heartRate: 72,
      oxygenSaturation: 98,
      weight: 64.2,
      systolic: 118,
      diastolic: 76,
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  await page.evaluate(() => localStorage.setItem('lang', 'ne'));
  await page.goto('/');
  await expect(page.getByText('स्वागत छ, Gita')).toBeVisible();
  const vitals = page.getByRole('region', { name: 'भाइटल्सको झलक' });
  for (const value of ['७२', '९८%', '६४.२', '११८/७६']) {
    await expect(vitals.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('भर्चुअल क्लिनिकको समय: दैनिक ७:३०–१९:००।')).toBeVisible();
  // Nobody prescribed her anything (e2e/medications.spec.ts shows doses in Nepali).
  await expect(
    page.getByRole('region', { name: 'खानुपर्ने औषधि' }).getByText('कुनै सक्रिय औषधि छैन।'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
});
