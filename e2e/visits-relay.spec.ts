import { expect, test } from '@playwright/test';
import { startCoturn, type Coturn } from './support/coturn';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  connectedCandidateTypes,
  demoDoctor,
  expectRemoteVideoPlaying,
  newPatient,
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

test('a call forced through the TURN server connects with the credentials minted for the visit', async ({
  browser,
}) => {
  test.setTimeout(120_000);
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
  await expectRemoteVideoPlaying(patient.page);
  await expectRemoteVideoPlaying(doctor.page);
  // Only relayed candidates were allowed, so the media went through coturn.
  for (const person of [patient, doctor]) {
    const types = await connectedCandidateTypes(person.page);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['relay']));
  }

  await doctor.page.getByRole('button', { name: 'End visit' }).click();
  await expect(doctor.page.getByLabel('Visit summary')).toBeVisible();
  await patient.context.close();
  await doctor.context.close();
});
