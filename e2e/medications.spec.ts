import { expect, test, type Page } from '@playwright/test';
import { addClinicDays, clinicMoment, clinicToday } from '../shared/clinic-time';
import { demoPassword, password } from './support/accounts';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  afterAVisit,
  dosesToday,
  medicationsOf,
  prescribe,
  stopMedication,
} from './support/patient-record';
import { newPatient, signedIn } from './support/visit-people';

// Visits pass through the queue: these run on a server of their own, one after another, so
// the shared server's queue stays as the other tests expect it.
test.describe.configure({ mode: 'serial' });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
});

test.afterAll(async () => {
  await server.stop();
});

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const doseRow = (page: Page, text: string) =>
  card(page, 'Medications due').getByRole('listitem').filter({ hasText: text });

/** The screen fits a 360-pixel phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test('after a visit the doctor prescribes; the patient marks a dose taken, and it stays taken after a reload and on another device', async ({
  browser,
}) => {
  // A visit, two prescriptions, three devices and every Health tab: more than a minute on a
  // busy machine.
  test.slow();
  const { patient, patientId, doctor } = await afterAVisit(browser, server.url, 'Ramesh');
  // Since yesterday: each of today's doses is one, whenever the test runs.
  const yesterday = addClinicDays(clinicToday(), -1);
  await prescribe(doctor, patientId, {
    medicine: 'Metformin 500 mg',
    dose: { amount: 1, form: 'tablet' },
    times: ['night', 'morning'],
    food: 'after',
    startDay: yesterday,
    note: 'Drink plenty of water',
  });
  const ibuprofen = await prescribe(doctor, patientId, {
    medicine: 'Ibuprofen 400 mg',
    dose: { amount: 1, form: 'tablet' },
    times: ['midday'],
    startDay: yesterday,
    days: 5,
  });
  await stopMedication(doctor, patientId, ibuprofen, 'Stomach upset');

  const { page } = patient;
  await page.goto('/');
  // Today's doses in time order, on the clinic's clock (the phone is in New York); the
  // stopped medicine has none.
  const rows = card(page, 'Medications due').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Metformin 500 mg · 1 tablet, morning, after food');
  await expect(rows.nth(0)).toContainText('08:00 · Drink plenty of water');
  await expect(rows.nth(1)).toContainText('Metformin 500 mg · 1 tablet, night, after food');
  await expect(rows.nth(1)).toContainText('21:00 · Drink plenty of water');
  await expect(card(page, 'Medications due')).not.toContainText('Ibuprofen');
  await expectNoSidewaysScroll(page);

  await doseRow(page, '08:00').getByRole('button', { name: 'Taken' }).click();
  await expect(doseRow(page, '08:00').getByText('Marked as taken')).toBeVisible();
  await expect(doseRow(page, '08:00').getByRole('button', { name: 'Taken' })).toHaveCount(0);
  await expect(doseRow(page, '21:00').getByRole('button', { name: 'Taken' })).toBeVisible();
  await expect
    .poll(async () =>
      (await dosesToday(patient, patientId)).map((dose) => [dose.timeOfDay, dose.taken !== null]),
    )
    .toEqual([
      ['morning', true],
      ['night', false],
    ]);

  await page.reload();
  await expect(doseRow(page, '08:00').getByText('Marked as taken')).toBeVisible();
  await expect(doseRow(page, '21:00').getByRole('button', { name: 'Taken' })).toBeVisible();

  // The same patient on another device.
  const other = await signedIn(browser, server.url, patient.email, password);
  await other.page.goto('/');
  await expect(doseRow(other.page, '08:00').getByText('Marked as taken')).toBeVisible();
  await expect(doseRow(other.page, '08:00').getByRole('button', { name: 'Taken' })).toHaveCount(0);
  await expect(doseRow(other.page, '21:00').getByRole('button', { name: 'Taken' })).toBeVisible();
  await other.context.close();

  // Health → Meds: the active medicine and the stopped one, counted.
  await page.goto('/health');
  const meds = page.getByRole('tab', { name: /^Meds/ });
  await expect(meds).toHaveText('Meds 2');
  await meds.click();
  const panel = page.getByRole('tabpanel');
  const active = panel.getByRole('list', { name: 'Active medications' }).getByRole('listitem');
  await expect(active).toHaveCount(1);
  await expect(active).toContainText('Metformin 500 mg');
  await expect(active).toContainText('Dose: 1 tablet');
  await expect(active).toContainText('When: Morning (08:00), Night (21:00)');
  await expect(active).toContainText('ongoing');
  await expect(active).toContainText('After food');
  await expect(active).toContainText('Drink plenty of water');
  await expect(active).toContainText(/Taken 1, missed \d+ in the last 7 days/);
  await expect(active).toContainText('Prescribed by Ram Thapa');
  const past = panel.getByRole('list', { name: 'Past medications' }).getByRole('listitem');
  await expect(past).toHaveCount(1);
  await expect(past).toContainText('Ibuprofen 400 mg');
  await expect(past).toContainText('Stopped');
  await expect(past).toContainText('Stomach upset');
  await expectNoSidewaysScroll(page);

  // Timeline: the visit with its summary, the prescriptions and the stop, newest first.
  const timelineTab = page.getByRole('tab', { name: /^Timeline/ });
  await expect(timelineTab).toHaveText('Timeline 4');
  await timelineTab.click();
  const entries = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('Stopped: Ibuprofen 400 mg');
  await expect(entries.nth(1)).toContainText('Prescribed: Ibuprofen 400 mg');
  await expect(entries.nth(2)).toContainText('Prescribed: Metformin 500 mg');
  await expect(entries.nth(3)).toContainText('Sugar a little high. Start metformin.');
  await expect(page.getByRole('tab', { name: /^Summaries/ })).toHaveText('Summaries 1');
});

test('a dose marked taken offline shows at once, stays through a reload, and is recorded once however often it is sent', async ({
  browser,
}) => {
  const { patient, patientId, doctor } = await afterAVisit(browser, server.url, 'Sabina');
  const medicationId = await prescribe(doctor, patientId, {
    medicine: 'Amoxicillin 500 mg',
    dose: { amount: 1, form: 'capsule' },
    times: ['morning'],
    startDay: addClinicDays(clinicToday(), -1),
    days: 7,
  });
  const { page, context } = patient;
  const marked = () => doseRow(page, 'Amoxicillin 500 mg').getByText('Marked as taken');
  await page.goto('/');
  const taken = doseRow(page, 'Amoxicillin 500 mg').getByRole('button', { name: 'Taken' });
  await expect(taken).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('Connection lost. Retrying...')).toBeVisible();
  await taken.click();
  await expect(marked()).toBeVisible();
  await expect(page.getByText(/^Offline · last synced/)).toBeVisible();
  // It waits on the device: the server has not heard of it yet.
  expect((await dosesToday(doctor, patientId))[0]?.taken).toBeNull();

  // Back online, the server cannot be reached for marking yet: through a reload the dose
  // still reads as taken, from the device.
  let sends = 0;
  await page.route('**/doses/taken', async (route) => {
    sends += 1;
    if (sends === 1) return route.abort('connectionrefused');
    // The second send reaches the server, but its answer is lost: the device sends it again.
    if (sends === 2) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
  await context.setOffline(false);
  await page.reload();
  await expect(marked()).toBeVisible();
  await expect(
    doseRow(page, 'Amoxicillin 500 mg').getByRole('button', { name: 'Taken' }),
  ).toHaveCount(0);

  await expect.poll(() => sends, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(/All data synced/)).toBeVisible({ timeout: 30_000 });
  await expect(marked()).toBeVisible();
  const [dose] = await dosesToday(doctor, patientId);
  expect(dose?.taken).not.toBeNull();
  // Recorded once: one dose taken in the last 7 days.
  const [medication] = await medicationsOf(doctor, patientId);
  expect(medication).toMatchObject({ id: medicationId, adherence: { taken: 1 } });

  await page.unrouteAll();
  await page.reload();
  await expect(marked()).toBeVisible();
});

test('a new patient’s home, Health tabs and Profile show no health number and no medicine', async ({
  browser,
}) => {
  const { page } = await newPatient(browser, server.url, 'Nirmala');
  await page.goto('/');
  await expect(page.getByText('Welcome, Nirmala')).toBeVisible();
  for (const [name, empty] of [
    ['Medications due', 'No active medications.'],
    ['Vitals snapshot', 'No vitals yet.'],
  ] as const) {
    await expect(card(page, name).getByText(empty)).toBeVisible();
    await expect(card(page, name)).not.toContainText(/\d/);
  }
  await expect(page.getByRole('main')).not.toContainText(/Amlodipine|Atorvastatin|mg\b/);

  await page.goto('/health');
  for (const [tab, empty] of [
    ['Timeline', 'Your medical history will appear here.'],
    ['Meds', 'No active medications.'],
    ['Vitals', 'No vitals yet.'],
    ['Docs', 'No documents yet.'],
    ['Summaries', 'No summaries yet.'],
  ] as const) {
    const trigger = page.getByRole('tab', { name: `${tab} 0` });
    await trigger.click();
    await expect(page.getByRole('tabpanel')).toHaveText(empty);
  }

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /Nirmala/ })).toBeVisible();
  await expect(page.getByText('No vitals yet.')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/Amlodipine|Atorvastatin|bpm|mmHg|kg\b/);
});

test('the demo patient Sita sees her seeded medicines on the home and under Meds', async ({
  browser,
}) => {
  const sita = await signedIn(browser, server.url, 'patient@example.com', demoPassword);
  const { page } = sita;
  await page.goto('/');
  await expect(page.getByText('Welcome, Sita')).toBeVisible();
  // Structured doses, in her language.
  await expect(doseRow(page, 'Amlodipine 5 mg')).toContainText(
    'Amlodipine 5 mg · 1 tablet, morning, after food',
  );
  await expect(doseRow(page, 'Amlodipine 5 mg')).toContainText('08:00');
  await expect(doseRow(page, 'Atorvastatin 10 mg')).toContainText(
    'Atorvastatin 10 mg · 1 tablet, night',
  );
  await expect(doseRow(page, 'Atorvastatin 10 mg')).toContainText('21:00');

  await page.goto('/health?section=meds');
  await expect(page.getByRole('tab', { name: /^Meds/ })).toHaveText('Meds 2');
  const active = page.getByRole('list', { name: 'Active medications' }).getByRole('listitem');
  await expect(active).toHaveCount(2);
  await expect(active.filter({ hasText: 'Amlodipine 5 mg' })).toContainText(
    'Prescribed by Ram Thapa',
  );
  // She sees her own adherence, as her doctor does.
  await expect(active.filter({ hasText: 'Amlodipine 5 mg' })).toContainText(
    /Taken 0, missed \d+ in the last 7 days/,
  );

  // In Nepali: the clinic's clock in Devanagari digits, the buttons in her language.
  await page.evaluate(() => localStorage.setItem('lang', 'ne'));
  await page.goto('/');
  const due = page.getByRole('region', { name: 'खानुपर्ने औषधि', exact: true });
  const amlodipine = due.getByRole('listitem').filter({ hasText: 'Amlodipine 5 mg' });
  await expect(amlodipine).toContainText('Amlodipine 5 mg · १ चक्की, बिहान खाना खाएपछि');
  await expect(amlodipine).toContainText('०८:०० बजे');
  await expect(due).not.toContainText(/tablet|breakfast|Before bed|After/i);
  await expect(due.getByRole('listitem').filter({ hasText: 'Atorvastatin 10 mg' })).toContainText(
    '१ चक्की, राति',
  );
  await expectNoSidewaysScroll(page);
  await expect(due.getByRole('button', { name: 'खाएँ' })).toHaveCount(2);
  await sita.context.close();
});

test('a prescription written after its morning time has no dose then: nothing missed on the chart or the home, and the dose reads in Nepali', async ({
  browser,
}) => {
  test.slow();
  // A server of its own whose clock reads 12:30 Kathmandu time today when it starts (within
  // the doctor's hours, after the morning dose's time), and a phone whose clock reads the same.
  const evening = clinicMoment(clinicToday(), '12:30');
  const late = await startOwnServer({}, { clockAt: evening });
  try {
    const { patient, patientId, doctor } = await afterAVisit(browser, late.url, 'Kamala');
    await patient.page.clock.setFixedTime(evening);
    await doctor.page.clock.setFixedTime(evening);
    // A morning medicine from today, written after its time (as at 19:45 in the issue; the
    // server's unit and API tests hold that very time): no dose of it today.
    await prescribe(doctor, patientId, {
      medicine: 'Amlodipine 5 mg',
      dose: { amount: 1, form: 'tablet' },
      times: ['morning'],
      food: 'after',
    });
    await patient.page.goto('/');
    const medicationsDue = card(patient.page, 'Medications due');
    await expect(medicationsDue.getByText('No more doses today.')).toBeVisible();
    await expect(medicationsDue).not.toContainText(/Amlodipine|08:00|Missed|Late/);

    // Losartan, morning and night, after food, from today: its night dose alone is today's.
    await prescribe(doctor, patientId, {
      medicine: 'Losartan 50 mg',
      dose: { amount: 1, form: 'tablet' },
      times: ['morning', 'night'],
      food: 'after',
    });

    // The chart counts nothing missed.
    await doctor.page.goto(`/chart/${patientId}`);
    const onChart = card(doctor.page, 'Active medications').getByRole('listitem', {
      name: 'Losartan 50 mg',
    });
    await expect(onChart).toContainText('Taken 0, missed 0 in the last 7 days');
    await expect(
      card(doctor.page, 'Active medications').getByRole('listitem', { name: 'Amlodipine 5 mg' }),
    ).toContainText('Taken 0, missed 0 in the last 7 days');

    // The home lists tonight's dose alone: no 08:00 dose, nothing late or missed.
    const { page } = patient;
    await page.goto('/');
    const rows = card(page, 'Medications due').getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText('Losartan 50 mg · 1 tablet, night, after food');
    await expect(rows.nth(0)).toContainText('21:00');
    await expect(card(page, 'Medications due')).not.toContainText(/08:00|Missed|Late/);
    await expect(rows.nth(0).getByRole('button', { name: 'Taken' })).toBeVisible();

    // Her own Meds show the same count as her doctor's chart.
    await page.goto('/health?section=meds');
    const mine = page.getByRole('list', { name: 'Active medications' }).getByRole('listitem');
    await expect(mine).toHaveCount(2);
    for (const medicine of ['Losartan 50 mg', 'Amlodipine 5 mg']) {
      await expect(mine.filter({ hasText: medicine })).toContainText(
        'Taken 0, missed 0 in the last 7 days',
      );
    }

    // In Nepali, the dose in her language; the medicine's name as written.
    await page.evaluate(() => localStorage.setItem('lang', 'ne'));
    await page.goto('/');
    const due = page.getByRole('region', { name: 'खानुपर्ने औषधि', exact: true });
    await expect(due.getByRole('listitem')).toHaveCount(1);
    await expect(due.getByRole('listitem')).toContainText(
      'Losartan 50 mg · १ चक्की, राति खाना खाएपछि',
    );
    await expect(due).toContainText('२१:०० बजे');
    await expect(due).not.toContainText(/tablet|after|छुट्यो|ढिलो/i);
    await expectNoSidewaysScroll(page);
    await page.goto('/health?section=meds');
    const item = page
      .getByRole('list', { name: 'चलिरहेका औषधि' })
      .getByRole('listitem')
      .filter({ hasText: 'Losartan 50 mg' });
    await expect(item).toContainText('मात्रा: १ चक्की');
    await expect(item).toContainText('खाना खाएपछि');
    await expect(item).toContainText('पछिल्ला ७ दिनमा ० पटक लिइयो, ० पटक छुट्यो');
    await expectNoSidewaysScroll(page);
  } finally {
    await late.stop();
  }
});
