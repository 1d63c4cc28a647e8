import { expect, request as playwrightRequest, test } from '@playwright/test';
import { createConfirmedAccount, demoPassword, password } from './support/accounts';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  demoDoctor,
  newPatient,
  signedIn,
  uniqueFirstName,
  type Person,
} from './support/visit-people';

// Account signs out an account's other sessions: the tests run on a server of their own, so
// no other test's sessions or patients are in play.
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
/** A doctor made for the Account test, whose sessions are the test's alone. */
let staffEmail: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
  const api = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { Origin: server.url },
  });
  staffEmail = await createConfirmedAccount(api, 'account-doctor');
  // A name, as a doctor has: the manager's list of doctors shows it.
  const signIn = await api.post('/api/auth/sign-in/email', {
    data: { email: staffEmail, password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const named = await api.put('/api/profile', {
    data: { first_name: 'Asmita', last_name: 'Rai', age: 35, date_system: 'ad' },
  });
  expect(named.ok(), await named.text()).toBe(true);
  // Only the test's own two sessions are the account's.
  expect((await api.post('/api/auth/sign-out')).ok()).toBe(true);
  await api.dispose();
  await server.users('set-role', staffEmail, 'doctor');
});

test.afterAll(async () => {
  await server.stop();
});

async function post(person: Person, path: string, data: Record<string, unknown> = {}) {
  const response = await person.page.request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

async function idOf(person: Person): Promise<string> {
  const me = (await (await person.page.request.get('/api/me')).json()) as { user: { id: string } };
  return me.user.id;
}

/** The screen fits a 360-pixel phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(person: Person) {
  const width = await person.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

let patientName: string;
let patientId: string;

test('a doctor finds a patient in Patients by name, with the flag of her last reading, and opens her chart', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  patientName = uniqueFirstName('Kopila');
  const patient = await newPatient(browser, server.url, patientName);
  patientId = await idOf(patient);
  const doctor = await demoDoctor(browser, server.url);
  // A visit with the demo doctor puts the patient in his care; then a fast heart rate.
  const { id } = await post(patient, '/api/visits', { reason: 'Palpitations' });
  await post(doctor, `/api/visits/${id}/start`);
  await post(patient, `/api/visits/${id}/join`);
  await post(doctor, `/api/visits/${id}/end`);
  const reading = await patient.page.request.post(`/api/patients/${patientId}/vitals`, {
    data: { id: crypto.randomUUID(), heartRate: 140 },
  });
  expect(reading.ok(), await reading.text()).toBe(true);

  const { page } = doctor;
  await page.goto('/queue');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Patients' })
    .click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name or phone' }).fill(patientName);
  const list = page.getByRole('list', { name: 'Patients' });
  const row = list.getByRole('link', { name: new RegExp(patientName) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('High heart rate');
  await expect(row).toContainText('Last visit:');
  await expectNoSidewaysScroll(doctor);

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/chart/${patientId}$`));
  await expect(
    page.getByRole('heading', { name: `${patientName} Gurung`, level: 1 }),
  ).toBeVisible();

  await patient.context.close();
  await doctor.context.close();
});

test("a manager sees the clinic's patients with their contact details, and nothing clinical", async ({
  browser,
}) => {
  const manager = await signedIn(browser, server.url, 'manager@example.com', demoPassword);
  const { page } = manager;
  await page.goto('/today');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Patients' })
    .click();
  await expect(page.getByRole('heading', { name: 'Patients', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name or phone' }).fill(patientName);
  const row = page.getByRole('list', { name: 'Patients' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${patientName} Gurung`);
  await expect(row.getByRole('link', { name: `E-mail ${patientName} Gurung` })).toBeVisible();
  await expect(row).toContainText('No appointment booked');
  // A manager is not a clinician: no flag, no visit, no way to the chart.
  await expect(row).not.toContainText('High heart rate');
  await expect(row).not.toContainText('Last visit');
  await expect(page.getByRole('link', { name: /chart/i })).toHaveCount(0);
  const answer = (await (
    await page.request.get(`/api/patients?search=${encodeURIComponent(patientName)}`)
  ).json()) as { view: string; patients: Record<string, unknown>[] };
  expect(answer.view).toBe('clinic');
  expect(answer.patients[0]).not.toHaveProperty('flags');
  await expectNoSidewaysScroll(manager);

  // The HMIS report, a tab no longer, is reached from Today.
  await page.goto('/today');
  await page.getByRole('link', { name: 'HMIS report' }).click();
  await expect(page).toHaveURL(/\/hmis$/);
  await manager.context.close();
});

test('a staff member opens Account from Profile and signs out their other session', async ({
  browser,
}) => {
  const here = await signedIn(browser, server.url, staffEmail, password);
  const elsewhere = await signedIn(browser, server.url, staffEmail, password);
  expect((await elsewhere.page.request.get('/api/me')).status()).toBe(200);

  const { page } = here;
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Account and sign-in security' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Privacy & Security' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expectNoSidewaysScroll(here);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('You are signed out everywhere else.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await elsewhere.page.request.get('/api/me')).status()).toBe(401);
  // This device stays signed in.
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await here.context.close();
  await elsewhere.context.close();
});
