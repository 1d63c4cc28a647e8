import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createConfirmedAccount, password } from './support/accounts';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  demoDoctor,
  expectRemoteAudio,
  expectRemoteVideoPlaying,
  liveVideoSenders,
  newPatient,
  signedIn,
  uniqueFirstName,
  type Person,
} from './support/visit-people';

// Visits fill the queue and the day's figures: they run on a server of their own, one
// test after another, so the shared server's queue stays as the other tests expect it.
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
/** A second doctor, so two can press "Start visit" on the same patient. */
let secondDoctorEmail: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
  const api = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { Origin: server.url },
  });
  secondDoctorEmail = await createConfirmedAccount(api, 'second-doctor');
  await api.dispose();
  await server.users('set-role', secondDoctorEmail, 'doctor');
});

test.afterAll(async () => {
  await server.stop();
});

const queueRow = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

const joinPrompt = (page: Page) =>
  page
    .getByRole('link', { name: 'Doctor is in — Join visit' })
    .or(page.getByRole('button', { name: 'Doctor is in — Join visit' }))
    .first();

/** The patient presses "Join Video Visit" on the home and lands in the waiting room. */
async function joinWaitingRoom(patient: Person): Promise<string> {
  await patient.page.goto('/');
  await patient.page.getByRole('button', { name: 'Join Video Visit' }).click();
  await expect(patient.page.getByText('Preparing your visit…')).toBeVisible();
  await expect(patient.page).toHaveURL(/\/visit\/[0-9a-f-]{36}$/);
  await expect(patient.page.getByRole('button', { name: 'Leave waiting room' })).toBeVisible();
  return patient.page.url().split('/').pop()!;
}

/** The doctor starts the patient's visit from the queue and is taken into the call. */
async function startFromQueue(doctor: Person, name: string, visitId: string): Promise<void> {
  await doctor.page.goto('/queue');
  await queueRow(doctor.page, name).getByRole('button', { name: 'Start visit' }).click();
  await expect(doctor.page).toHaveURL(new RegExp(`/visit/${visitId}$`));
  await expect(doctor.page.getByRole('button', { name: 'End visit' })).toBeVisible();
}

async function statusOf(person: Person, visitId: string): Promise<string> {
  const response = await person.page.request.get(`/api/visits/${visitId}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { status: string }).status;
}

test('a patient waits, a doctor starts, they talk on video, and the summary reaches the patient', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const name = uniqueFirstName('Asha');
  const patient = await newPatient(browser, server.url, name);
  const doctor = await demoDoctor(browser, server.url);

  await doctor.page.goto('/queue');
  await expect(doctor.page.getByRole('heading', { name: 'Patient queue' })).toBeVisible();
  await expect(queueRow(doctor.page, name)).toHaveCount(0);

  const visitId = await joinWaitingRoom(patient);
  // The doctor was already looking at the queue: the patient appears without a reload.
  await expect(queueRow(doctor.page, name)).toHaveCount(1);
  await expect(queueRow(doctor.page, name)).toContainText('Video');
  await expect(doctor.page.getByText('No patients in queue')).toBeHidden();

  // The patient waits on the home; the doctor's start reaches it without a reload.
  await patient.page.getByRole('link', { name: 'Home' }).first().click();
  await expect(patient.page).toHaveURL(/\/$/);
  await expect(patient.page.getByText('Your doctor is waiting')).toBeHidden();
  await queueRow(doctor.page, name).getByRole('button', { name: 'Start visit' }).click();
  await expect(doctor.page).toHaveURL(new RegExp(`/visit/${visitId}$`));
  await expect(doctor.page.getByRole('button', { name: 'End visit' })).toBeVisible();

  await expect(patient.page.getByText('Your doctor is waiting')).toBeVisible();
  await expect(patient.page.getByText('Live', { exact: true })).toBeVisible();
  await joinPrompt(patient.page).click();
  await expect(patient.page.getByRole('button', { name: 'Leave' })).toBeVisible();

  await expectRemoteVideoPlaying(patient.page);
  await expectRemoteVideoPlaying(doctor.page);
  await expectRemoteAudio(patient.page);
  await expectRemoteAudio(doctor.page);
  await expect.poll(() => statusOf(patient, visitId)).toBe('in_progress');
  for (const control of ['Mute', 'Camera off', 'Audio only']) {
    await expect(patient.page.getByRole('button', { name: control })).toBeVisible();
  }

  expect(await liveVideoSenders(doctor.page)).toBe(1);
  await doctor.page.getByRole('button', { name: 'Audio only' }).click();
  await expect.poll(() => liveVideoSenders(doctor.page)).toBe(0);

  await doctor.page.getByRole('button', { name: 'End visit' }).click();
  // The call ends for both.
  await expect(patient.page.getByRole('button', { name: 'Leave' })).toBeHidden({
    timeout: 15_000,
  });
  await expect.poll(() => statusOf(patient, visitId)).toBe('finished');
  const summary = 'Fever has settled. Paracetamol when needed; come back if it returns.';
  await doctor.page.getByLabel('Visit summary').fill(summary);
  await doctor.page.getByRole('button', { name: 'Save summary' }).click();
  await expect
    .poll(async () => {
      const response = await patient.page.request.get(`/api/visits/${visitId}`);
      return ((await response.json()) as { summary: string | null }).summary;
    })
    .toBe(summary);

  await patient.page.goto('/health');
  await patient.page.getByRole('tab', { name: /Summaries/ }).click();
  await expect(patient.page.getByText(summary)).toBeVisible();
  await expect(patient.page.getByText('Ram Thapa').first()).toBeVisible();
  await expect(patient.page.getByText('No summaries yet.')).toBeHidden();

  await patient.context.close();
  await doctor.context.close();
});

test('a patient who reloads in the middle of the call is back in the same visit', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const name = uniqueFirstName('Bimala');
  const patient = await newPatient(browser, server.url, name);
  const doctor = await demoDoctor(browser, server.url);
  const visitId = await joinWaitingRoom(patient);
  await startFromQueue(doctor, name, visitId);
  await joinPrompt(patient.page).click();
  await expectRemoteVideoPlaying(patient.page);
  await expectRemoteVideoPlaying(doctor.page);

  await patient.page.reload();
  await expect(patient.page).toHaveURL(new RegExp(`/visit/${visitId}$`));
  // Still in progress: the reloaded page takes the patient back into the same call.
  await expect(patient.page.getByRole('button', { name: 'Leave' })).toBeVisible();
  // Room for one ICE restart on a busy machine, should the first connection stall.
  await expectRemoteVideoPlaying(patient.page, 45_000);
  await expectRemoteVideoPlaying(doctor.page, 45_000);
  expect(await statusOf(patient, visitId)).toBe('in_progress');

  await doctor.page.getByRole('button', { name: 'End visit' }).click();
  await expect.poll(() => statusOf(patient, visitId)).toBe('finished');
  await patient.context.close();
  await doctor.context.close();
});

test('two doctors start the same visit: one is in, the other is told; a third account reads and signals nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = uniqueFirstName('Chandra');
  const patient = await newPatient(browser, server.url, name);
  const first = await demoDoctor(browser, server.url);
  const second = await signedIn(browser, server.url, secondDoctorEmail, password);
  const visitId = await joinWaitingRoom(patient);

  for (const doctor of [first, second]) {
    await doctor.page.goto('/queue');
    await expect(queueRow(doctor.page, name)).toHaveCount(1);
  }
  // Signals the patient sends are what the third account will try to replay.
  const sentSignals: string[] = [];
  patient.page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/visits/${visitId}/signals`)) {
      sentSignals.push(request.postData() ?? '');
    }
  });

  // Both press "Start visit" before either press reaches the server: the first one there
  // takes the patient off the other's queue, which would leave the other nothing to press.
  let pressed = 0;
  let bothPressed!: () => void;
  const presses = new Promise<void>((resolve) => (bothPressed = resolve));
  for (const doctor of [first, second]) {
    await doctor.page.route(`**/api/visits/${visitId}/start`, async (route) => {
      pressed += 1;
      if (pressed === 2) bothPressed();
      await presses;
      await route.continue();
    });
  }
  await Promise.all(
    [first, second].map((doctor) =>
      queueRow(doctor.page, name).getByRole('button', { name: 'Start visit' }).click(),
    ),
  );
  await presses;
  const inCall = async (doctor: Person) =>
    new RegExp(`/visit/${visitId}$`).test(doctor.page.url()) &&
    (await doctor.page.getByRole('button', { name: 'End visit' }).isVisible());
  await expect
    .poll(async () => [await inCall(first), await inCall(second)].sort())
    .toEqual([false, true]);
  const loser = (await inCall(first)) ? second : first;
  await expect(
    loser.page.getByText('Another doctor has already started this visit.'),
  ).toBeVisible();
  await expect(queueRow(loser.page, name)).toHaveCount(0);

  await joinPrompt(patient.page).click();
  await expect(patient.page.getByRole('button', { name: 'Leave' })).toBeVisible();
  // The patient's first signal goes once its side of the call is set up (camera, description,
  // candidates): on a busy machine, as long as a call takes to start.
  await expect.poll(() => sentSignals.length, { timeout: 20_000 }).toBeGreaterThan(0);

  // Someone else replays what they could guess or capture: nothing is there for them.
  const stranger = await newPatient(browser, server.url, uniqueFirstName('Dipak'));
  for (const outsider of [stranger, loser]) {
    const read = await outsider.page.request.get(`/api/visits/${visitId}`);
    expect(read.status()).toBe(404);
    const replay = await outsider.page.request.post(`/api/visits/${visitId}/signals`, {
      data: JSON.parse(sentSignals[0]!) as Record<string, unknown>,
    });
    expect(replay.status()).toBe(404);
    const catchUp = await outsider.page.request.get(`/api/visits/${visitId}/signals`);
    expect(catchUp.status()).toBe(404);
  }

  for (const person of [patient, first, second, stranger]) await person.context.close();
});
