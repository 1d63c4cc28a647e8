import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createConfirmedAccount, password } from './support/accounts';
import { send, startCareTeamConversation } from './support/conversation';
import { startOwnServer, type OwnServer } from './support/own-server';
import { addClinicDays, clinicToday } from '../shared/clinic-time';
import {
  demoDoctor,
  newPatient,
  signedIn,
  uniqueFirstName,
  type Person,
} from './support/visit-people';

// The test fills the queue: it runs on a server of its own, so the shared server's queue
// stays as the other tests expect it.
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
/** A doctor who never had a visit with the patient. */
let secondDoctorEmail: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
  const api = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { Origin: server.url },
  });
  secondDoctorEmail = await createConfirmedAccount(api, 'chart-doctor');
  await api.dispose();
  await server.users('set-role', secondDoctorEmail, 'doctor');
});

test.afterAll(async () => {
  await server.stop();
});

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The screen fits a 360-pixel phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

async function post(person: Person, path: string, data: Record<string, unknown> = {}) {
  const response = await person.page.request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

/** A visit the doctor had with the patient, from the waiting room to its end. */
async function finishedVisit(patient: Person, doctor: Person): Promise<string> {
  const { id } = await post(patient, '/api/visits', { reason: 'Headache for a week' });
  await post(doctor, `/api/visits/${id}/start`);
  await post(patient, `/api/visits/${id}/join`);
  await post(doctor, `/api/visits/${id}/end`);
  return id;
}

async function prescriptionsOf(person: Person, patientId: string): Promise<unknown[]> {
  const response = await person.page.request.get(`/api/patients/${patientId}/medications`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as unknown[];
}

test('a doctor who saw the patient reads their chart and prescribes; another doctor meets no such patient', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = uniqueFirstName('Kamala');
  const patient = await newPatient(browser, server.url, name);
  const patientId = (
    (await (await patient.page.request.get('/api/me')).json()) as {
      user: { id: string };
    }
  ).user.id;

  // The patient records a reading.
  await patient.page.goto('/health/vitals/new');
  await patient.page.getByRole('textbox', { name: 'Heart rate' }).fill('88');
  await patient.page.getByRole('textbox', { name: 'Oxygen saturation' }).fill('90');
  await patient.page.getByRole('button', { name: 'Save vitals' }).click();
  await expect(patient.page.getByText('Vitals saved', { exact: true })).toBeVisible();

  // After their visit, the doctor's summary screen leads to the chart and offers prescribing.
  const doctor = await demoDoctor(browser, server.url);
  const visitId = await finishedVisit(patient, doctor);
  await doctor.page.goto(`/visit/${visitId}`);
  await expect(doctor.page.getByLabel('Visit summary')).toBeVisible();
  await expect(doctor.page.getByRole('link', { name: 'Patient chart' })).toHaveAttribute(
    'href',
    `/chart/${patientId}`,
  );
  // The form refuses a prescription with no time of day, with its message; nothing is stored.
  await doctor.page.getByRole('textbox', { name: 'Medicine' }).fill('Paracetamol 500 mg');
  await doctor.page.getByRole('textbox', { name: 'Amount' }).fill('1');
  await doctor.page.getByRole('button', { name: 'Prescribe' }).click();
  await expect(doctor.page.getByText('Please choose at least one time of day')).toBeVisible();
  await doctor.page.getByRole('textbox', { name: 'Days' }).fill('0');
  await doctor.page.getByRole('checkbox', { name: 'Evening' }).check();
  await doctor.page.getByRole('button', { name: 'Prescribe' }).click();
  await expect(doctor.page.getByText('Days must be a whole number from 1 to 365')).toBeVisible();
  await expect(doctor.page.getByText('Please choose at least one time of day')).toBeHidden();
  expect(await prescriptionsOf(doctor, patientId)).toEqual([]);

  // Back in the waiting room, the queue row leads the doctor to the patient's chart.
  await post(patient, '/api/visits', { reason: 'Follow-up' });
  await doctor.page.setViewportSize({ width: 360, height: 800 });
  await doctor.page.goto('/queue');
  const row = doctor.page.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('link', { name: 'Patient chart' }).click();
  await expect(doctor.page).toHaveURL(new RegExp(`/chart/${patientId}$`));
  await expect(doctor.page.getByRole('heading', { level: 1 })).toHaveText(`${name} Gurung`);
  await expect(doctor.page.getByText('30 years old')).toBeVisible();

  const vitals = card(doctor.page, 'Vitals');
  await expect(vitals.getByRole('definition').filter({ hasText: /^88/ })).toBeVisible();
  await expect(vitals.getByRole('definition').filter({ hasText: /^90/ })).toBeVisible();
  await expect(vitals.getByText('Oxygen saturation is low.')).toBeVisible();
  await expect(vitals.getByText('Heart rate: 1 reading, 88 bpm.')).toBeVisible();
  const visits = card(doctor.page, 'Visits');
  await expect(visits.getByText('Headache for a week')).toBeVisible();
  await expect(visits.getByText('With Ram Thapa')).toBeVisible();
  await expect(card(doctor.page, 'Active medications')).toContainText('No active medications.');
  await expectNoSidewaysScroll(doctor.page);

  // The doctor prescribes from the chart, since yesterday (so this morning's dose is one,
  // whenever the test runs); the list shows it with its adherence.
  await doctor.page.getByRole('textbox', { name: 'Medicine' }).fill('Amlodipine 5 mg');
  await doctor.page.getByRole('textbox', { name: 'Amount' }).fill('1');
  await doctor.page.getByRole('combobox', { name: 'Form' }).selectOption('tablet');
  await doctor.page.getByRole('combobox', { name: 'With food' }).selectOption('after');
  await doctor.page.getByRole('checkbox', { name: 'Morning' }).check();
  await doctor.page.getByRole('checkbox', { name: 'Night' }).check();
  await doctor.page.getByLabel('Start date').fill(addClinicDays(clinicToday(), -1));
  await doctor.page.getByRole('textbox', { name: 'Days' }).fill('30');
  await doctor.page.getByRole('textbox', { name: 'Note' }).fill('Drink plenty of water');
  await doctor.page.getByRole('button', { name: 'Prescribe' }).click();
  await expect(doctor.page.getByText('Prescription saved', { exact: true })).toBeVisible();
  const active = card(doctor.page, 'Active medications').getByRole('listitem', {
    name: 'Amlodipine 5 mg',
  });
  await expect(active).toBeVisible();
  await expect(active).toContainText('Dose: 1 tablet');
  await expect(active).toContainText('When: Morning (08:00), Night (21:00)');
  await expect(active).toContainText('After food');
  await expect(active).toContainText('Drink plenty of water');
  await expect(active).toContainText(/Taken 0, missed \d+ in the last 7 days/);
  // The form is empty again for the next one.
  await expect(doctor.page.getByRole('textbox', { name: 'Medicine' })).toHaveValue('');
  await expectNoSidewaysScroll(doctor.page);
  expect(await prescriptionsOf(patient, patientId)).toHaveLength(1);

  // The patient finds the morning dose on their home and takes it; the chart counts it.
  await patient.page.goto('/');
  const morningDose = card(patient.page, 'Medications due')
    .getByRole('listitem')
    .filter({ hasText: '08:00' });
  await expect(morningDose).toContainText('Amlodipine 5 mg');
  await morningDose.getByRole('button', { name: 'Taken' }).click();
  await expect(morningDose.getByText('Marked as taken')).toBeVisible();
  await expect
    .poll(async () => JSON.stringify(await prescriptionsOf(doctor, patientId)))
    .toContain('"taken":1');
  await doctor.page.reload();
  await expect(active).toContainText(/Taken 1, missed \d+ in the last 7 days/);

  // The whole chart, with a reading, a flag, a visit and a medicine, passes axe's checks.
  // (Without the toast, which axe reads mid-fade.)
  const { violations } = await new AxeBuilder({ page: doctor.page })
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`,
      ),
  ).toEqual([]);

  // Stopping takes a reason; the medicine moves to the past ones.
  await active.getByRole('button', { name: 'Stop' }).click();
  await active.getByRole('button', { name: 'Confirm stop' }).click();
  await expect(active.getByText('Please give a reason')).toBeVisible();
  await active.getByRole('textbox', { name: 'Reason for stopping' }).fill('Ankle swelling');
  await active.getByRole('button', { name: 'Confirm stop' }).click();
  await expect(doctor.page.getByText('Amlodipine 5 mg stopped', { exact: true })).toBeVisible();
  await expect(card(doctor.page, 'Active medications')).toContainText('No active medications.');
  await expect(card(doctor.page, 'Past medications')).toContainText('Ankle swelling');

  // In the patient's care-team conversation a doctor finds the chart too; the patient does not.
  const conversationId = await startCareTeamConversation(patient.page);
  await send(patient.page, 'My ankles are swollen.');
  await expect(patient.page.getByRole('link', { name: 'Patient chart' })).toHaveCount(0);
  await doctor.page.goto(`/messages/${conversationId}`);
  await doctor.page.getByRole('link', { name: 'Patient chart' }).click();
  await expect(doctor.page).toHaveURL(new RegExp(`/chart/${patientId}$`));
  await expect(doctor.page.getByRole('heading', { level: 1 })).toHaveText(`${name} Gurung`);

  // A doctor who never saw the patient reads the shared care-team inbox, but the chart answers
  // as for a patient that does not exist.
  const stranger = await signedIn(browser, server.url, secondDoctorEmail, password);
  await stranger.page.goto(`/messages/${conversationId}`);
  await stranger.page.getByRole('link', { name: 'Patient chart' }).click();
  await expect(stranger.page.getByRole('heading', { level: 1 })).toHaveText('No such patient.');
  await stranger.page.goto(`/chart/${patientId}`);
  await expect(stranger.page.getByRole('heading', { level: 1 })).toHaveText('No such patient.');
  await expect(stranger.page.getByText(name)).toHaveCount(0);
  await stranger.page.goto('/chart/00000000-0000-4000-8000-000000000000');
  await expect(stranger.page.getByRole('heading', { level: 1 })).toHaveText('No such patient.');

  for (const person of [patient, doctor, stranger]) await person.context.close();
});
