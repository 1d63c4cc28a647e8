import { expect, test } from '@playwright/test';
import { startCoturn, type Coturn } from './support/coturn';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  demoDoctor,
  expectRemoteVideoPlaying,
  newPatient,
  selectedCandidates,
  uniqueFirstName,
} from './support/visit-people';

let coturn: Coturn;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  coturn = await startCoturn();
  server = await startOwnServer({ TURN_URLS: coturn.url, TURN_SECRET: coturn.secret });
});

test.afterAll(async () => {
  await server.stop();
  await coturn.stop();
});

test("a call forced through the TURN server connects with the visit's credentials and recovers when the server drops", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = uniqueFirstName('Gita');
  const patient = await newPatient(browser, server.url, name, { forceRelay: true });
  const doctor = await demoDoctor(browser, server.url, { forceRelay: true });

  await patient.page.goto('/');
  await patient.page.getByRole('button', { name: 'Join Video Visit' }).click();
  await expect(patient.page).toHaveURL(/\/visit\/[0-9a-f-]{36}$/);
  const visitId = patient.page.url().split('/').pop()!;

  await doctor.page.goto('/queue');
  const joined = doctor.page.waitForResponse((response) =>
    response.url().endsWith(`/api/visits/${visitId}/join`),
  );
  await doctor.page
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Start visit' })
    .click();
  const answer = (await (await joined).json()) as {
    iceServers: { urls: string[]; username?: string; credential?: string }[];
  };
  // The server hands out coturn's time-limited credentials, made for this visit.
  expect(answer.iceServers).toHaveLength(1);
  expect(answer.iceServers[0]!.urls).toEqual([coturn.url]);
  const [expiry, forVisit] = answer.iceServers[0]!.username!.split(':');
  expect(forVisit).toBe(visitId);
  expect(Number(expiry)).toBeGreaterThan(Date.now() / 1000);
  expect(answer.iceServers[0]!.credential).toMatch(/^[A-Za-z0-9+/]+=*$/);

  await patient.page
    .getByRole('link', { name: 'Doctor is in — Join visit' })
    .or(patient.page.getByRole('button', { name: 'Doctor is in — Join visit' }))
    .first()
    .click();
  // Room for one ICE restart on a busy machine, should the first connection stall.
  await expectRemoteVideoPlaying(patient.page, 45_000);
  await expectRemoteVideoPlaying(doctor.page, 45_000);
  // Only relayed candidates were allowed, so the media went through coturn.
  const people = [patient, doctor];
  const before = await Promise.all(people.map((person) => selectedCandidates(person.page)));
  for (const candidates of before) {
    expect(candidates.length).toBeGreaterThan(0);
    expect(new Set(candidates.map((candidate) => candidate.type))).toEqual(new Set(['relay']));
  }

  // The line drops: the TURN server dies and comes back with none of its relays. Each side
  // notices, restarts ICE by itself and connects again through new relays: a connection of a
  // new ICE generation, still relayed only. Noticing the drop, the app's stall check (8 s
  // without progress) and the new negotiation take a while on a busy machine.
  await coturn.restart();
  for (const [index, person] of people.entries()) {
    const oldFragments = new Set(before[index]!.map((candidate) => candidate.localFragment));
    await expect
      .poll(
        async () => {
          const now = await selectedCandidates(person.page);
          return (
            now.length > 0 &&
            now.every(
              (candidate) =>
                candidate.type === 'relay' && !oldFragments.has(candidate.localFragment),
            )
          );
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  }
  // And both see each other again.
  await expectRemoteVideoPlaying(patient.page);
  await expectRemoteVideoPlaying(doctor.page);
  const status = await patient.page.request.get(`/api/visits/${visitId}`);
  expect(((await status.json()) as { status: string }).status).toBe('in_progress');

  await doctor.page.getByRole('button', { name: 'End visit' }).click();
  await expect(doctor.page.getByLabel('Visit summary')).toBeVisible();
  await patient.context.close();
  await doctor.context.close();
});
