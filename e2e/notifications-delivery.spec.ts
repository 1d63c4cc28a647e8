import { expect, test } from '@playwright/test';
import {
  sparrowAnswers,
  startFakeGateway,
  type FakeGateway,
} from '../tests/api/support/fake-sms-gateway';
import {
  decryptPush,
  pushServiceOnLoopback,
  startFakePushService,
  type FakePushService,
} from '../tests/api/support/push-service';
import { startOwnServer, type OwnServer } from './support/own-server';
import { demoDoctor, newPatient, uniqueFirstName } from './support/visit-people';

let gateway: FakeGateway;
let push: FakePushService;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  gateway = await startFakeGateway(() => sparrowAnswers.queued, '/v2/sms/');
  push = await startFakePushService();
  // A server of the test's own, texting through a fake Sparrow gateway and posting to a push
  // service on loopback whose certificate it trusts, as it trusts the real ones (and which it
  // is told to reach there, where no real one is).
  server = await startOwnServer({
    SMS_GATEWAY: 'sparrow',
    SMS_GATEWAY_URL: gateway.url,
    SMS_TOKEN: 'e2e-token-of-the-fake-gateway',
    SMS_FROM: 'Sewa',
    PUSH_SERVICE_HOSTS: push.host,
    NODE_EXTRA_CA_CERTS: push.certificateFile,
    ...pushServiceOnLoopback(),
  });
});

test.afterAll(async () => {
  await server.stop();
  await push.close();
  await gateway.close();
});

const textsTo = (digits: string) =>
  gateway.received.filter((got) => got.fields.to === digits).map((got) => got.fields.text ?? '');

test('a Nepali patient who closed the page is texted and pushed that the doctor is in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = uniqueFirstName('Sarita');
  const patient = await newPatient(browser, server.url, name);
  const { page } = patient;
  const digits = `98${String(Date.now()).slice(-8)}`;

  // Profile → Notifications: the number, verified by the code the gateway carried.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await dialog.getByLabel('Mobile number').fill(digits);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => textsTo(digits).length).toBe(1);
  const code = /\b(\d{6})\b/.exec(textsTo(digits)[0] ?? '')?.[1] ?? '';
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(`Verified: +977${digits}`)).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Text messages' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');
  // The verification's toast sits over the header's language buttons until it goes; a pointer
  // resting on it would hold it there.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });

  // The installed app's device, subscribed to the push service of the test's own (a headless
  // browser reaches no real one).
  const device = push.subscription();
  const subscribed = await page.request.post('/api/push/subscriptions', { data: device.json });
  expect(subscribed.status()).toBeLessThan(300);

  // The reader switches to Nepali: the account's language follows on the server.
  const languageSaved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/notifications/settings') &&
      response.request().method() === 'PATCH' &&
      response.ok(),
  );
  await page.getByRole('button', { name: 'ने', exact: true }).click();
  await languageSaved;

  // The waiting room, then the page is closed.
  await page.goto('/');
  await page.getByRole('button', { name: 'भिडियो परामर्शमा जोडिनुहोस्' }).click();
  await expect(page).toHaveURL(/\/visit\/[0-9a-f-]{36}$/);
  await patient.context.close();

  const doctor = await demoDoctor(browser, server.url);
  await doctor.page.goto('/queue');
  const startedAt = Date.now();
  await doctor.page
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Start visit' })
    .click();

  // Within ten seconds: the text, in Nepali, and the push, for this device, in Nepali.
  await expect.poll(() => textsTo(digits).length, { timeout: 10_000, intervals: [100] }).toBe(2);
  expect(textsTo(digits)[1]).toBe(
    'सेवा: तपाईंको डाक्टर सेवामा तपाईंलाई पर्खिरहनुभएको छ। जोडिन एप खोल्नुहोस्।',
  );
  const delivered = await push.next(device.path, Math.max(1, 10_000 - (Date.now() - startedAt)));
  expect(decryptPush(delivered.body, device)).toMatchObject({
    kind: 'doctor-is-in',
    lang: 'ne',
    path: '/',
  });
  expect(Date.now() - startedAt).toBeLessThan(10_000);
  await doctor.context.close();
});
