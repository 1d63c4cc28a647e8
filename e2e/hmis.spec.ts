import { expect, test, type APIRequestContext } from '@playwright/test';
import { clinicToday } from '../shared/clinic-time';
import { periodOfDay } from '../shared/hmis-period';
import { dhis2Answers, startFakeDhis2, type FakeDhis2 } from '../tests/api/support/fake-dhis2';
import { demoPassword } from './support/accounts';
import { startOwnServer, type OwnServer } from './support/own-server';

const account = { username: 'e2e-hmis', password: 'e2e-dhis2-password' };
let dhis2: FakeDhis2;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dhis2 = await startFakeDhis2(account, (request) =>
    dhis2Answers.imported((request.body as { dataValues: unknown[] }).dataValues.length),
  );
  // A server of the test's own: its demo doctor and manager are in the demo clinic, and it
  // reports to the fake DHIS2.
  server = await startOwnServer({
    DHIS2_URL: dhis2.url,
    DHIS2_USERNAME: account.username,
    DHIS2_PASSWORD: account.password,
  });
});

test.afterAll(async () => {
  await server.stop();
  await dhis2.close();
});

async function signIn(request: APIRequestContext, email: string) {
  const answer = await request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test('the superadmin previews a month of the HMIS report and does a dry run to DHIS2', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const origin = { baseURL: server.url, extraHTTPHeaders: { Origin: server.url } };
  // The demo patient's visit with the demo doctor, finished today: this month's one consultation.
  const patient = await browser.newContext(origin);
  const doctor = await browser.newContext(origin);
  await signIn(patient.request, 'patient@example.com');
  await signIn(doctor.request, 'doctor@example.com');
  const queued = await patient.request.post('/api/visits', { data: { reason: 'Cough' } });
  expect(queued.status(), await queued.text()).toBe(201);
  const { id } = (await queued.json()) as { id: string };
  expect((await doctor.request.post(`/api/visits/${id}/start`)).ok()).toBe(true);
  expect((await patient.request.post(`/api/visits/${id}/join`)).ok()).toBe(true);
  expect((await doctor.request.post(`/api/visits/${id}/end`)).ok()).toBe(true);
  await patient.close();
  await doctor.close();

  const context = await browser.newContext(origin);
  const page = await context.newPage();
  await signIn(page.request, 'superadmin@example.com');
  await page.goto('/');
  await page.getByRole('link', { name: 'HMIS report' }).click();
  await expect(page.getByRole('heading', { name: 'HMIS report', level: 1 })).toBeVisible();

  // The report opens on the last complete month; the reader picks this month instead.
  const thisMonth = periodOfDay(clinicToday());
  await page.getByLabel('Year').selectOption(String(thisMonth.year));
  await page.getByLabel('Month').selectOption({ label: thisMonth.name });
  await expect(
    page.getByText(`${thisMonth.name} ${thisMonth.year} (period ${thisMonth.id})`),
  ).toBeVisible();

  const clinic = page.getByRole('region', { name: 'Sewa Virtual Clinic' });
  await expect(clinic.getByRole('table')).toBeVisible();
  const unknownRow = clinic.getByRole('row', { name: /^Unknown/ }).first();
  // Sita Sharma, 34, no gender given: one consultation, unknown sex, 20–59; a new patient.
  await expect(unknownRow.getByRole('cell').nth(3)).toHaveText('1');
  await expect(clinic.getByText('New patients')).toBeVisible();

  await page.getByRole('button', { name: 'Dry run' }).click();
  const summary = page.getByRole('region', { name: 'DHIS2 import summary' });
  await expect(summary.getByText('Dry run: nothing was stored.')).toBeVisible();
  await expect(summary.getByText('SUCCESS')).toBeVisible();
  await expect(summary.getByText('Imported')).toBeVisible();
  await expect(summary.getByText('26', { exact: true })).toBeVisible();

  expect(dhis2.received).toHaveLength(1);
  expect(dhis2.received[0]?.query).toEqual({ dryRun: 'true' });
  expect(dhis2.received[0]?.body).toMatchObject({
    period: thisMonth.id,
    orgUnit: 'DEMO-ORGUNIT-1',
  });

  // In Nepali (loaded after the page and its own strings): Devanagari words and digits.
  await page.getByRole('button', { name: 'ने' }).click();
  await expect(page.getByRole('heading', { name: 'HMIS प्रतिवेदन', level: 1 })).toBeVisible();
  await expect(page.getByLabel('महिना')).toHaveValue(String(thisMonth.month));
  const nepaliRow = page.getByRole('region', { name: 'Sewa Virtual Clinic' }).getByRole('row', {
    name: /^अज्ञात/,
  });
  await expect(nepaliRow.first().getByRole('cell').nth(3)).toHaveText('१');
  await context.close();
});
