import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { demoPassword } from '../../../server/src/auth/demo-users';
import { outboxRepository } from '../../../server/src/mail/outbox-repository';
import { sparrowAnswers, startFakeGateway, type FakeGateway } from '../support/fake-sms-gateway';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { databaseVariants } from '../support/test-server';
import { Client } from './client';
import { signedIn, signUpAndConfirm, startAuthWorld, uniqueEmail, type AuthWorld } from './fixture';
import { productionPushSettings } from '../support/vapid-settings';

/** Asks for a code to the test number: the gateway has one text for it, from Sewa's sender. */
async function expectFirstCodeAtGateway(client: Client, gateway: FakeGateway) {
  const sent = await client.post('/api/auth/phone-number/send-otp', {
    phoneNumber: '+9779812345678',
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(gateway.received).toHaveLength(1);
  expect(gateway.received[0]!.fields).toMatchObject({
    token: 'sparrow-token-for-tests',
    from: 'SEWA',
    to: '9812345678',
  });
}

describe.each(databaseVariants)('phone codes on the $name database', (variant) => {
  let world: AuthWorld | undefined;
  let gateway: FakeGateway | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
    await gateway?.close();
    gateway = undefined;
  });

  it('go to the development outbox, never to the mail server, even when SMTP is set', async () => {
    world = await startAuthWorld(variant);
    const email = uniqueEmail('phone');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    const phone = '+9779812345678';

    const sent = await client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const kept = await outboxRepository(world.server.database.db).listNewestFirst();
    expect(kept.map((message) => message.to)).toEqual([phone]);
    expect(kept[0]?.text).toMatch(/\b\d{6}\b/);
    expect(world.smtp.mailsTo(phone)).toEqual([]);
  });

  it('are refused with a clear message in production, where no text-message gateway exists', async () => {
    world = await startAuthWorld(variant, {
      NODE_ENV: 'production',
      ...productionPushSettings,
      AUTH_SECRET: 'p'.repeat(40),
      CLINIC_KEYS: 'KTM-WARD-3-7Q2X',
    });
    const email = uniqueEmail('phone-prod');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);

    const sent = await client.post('/api/auth/phone-number/send-otp', {
      phoneNumber: '+9779812345678',
    });
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      error: {
        code: 'sms_unavailable',
        message: 'Text messages are not available on this server.',
      },
    });
  });

  it('reach the number through the configured gateway, and a refusal is said', async () => {
    let refuse = false;
    gateway = await startFakeGateway(
      () => (refuse ? sparrowAnswers.refused(1007, 'Invalid Receiver') : sparrowAnswers.queued),
      '/v2/sms/',
    );
    world = await startAuthWorld(variant, {
      SMS_GATEWAY: 'sparrow',
      SMS_GATEWAY_URL: gateway.url,
      SMS_TOKEN: 'sparrow-token-for-tests',
      SMS_FROM: 'SEWA',
    });
    const email = uniqueEmail('phone-gateway');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);

    await expectFirstCodeAtGateway(client, gateway);
    // A text of its own: one line, no word of mail, the code in Latin digits.
    expect(gateway.received[0]!.fields.text).toMatch(
      /^Sewa: your security code is \d{6}\. It works once, for 5 minutes\. Do not share it with anyone\.$/,
    );
    expect(await outboxRepository(world.server.database.db).listNewestFirst()).toEqual([]);

    // Someone signed in gets it in their account's language, whatever the app's header says.
    const chosen = await client.call('PATCH', '/api/notifications/settings', { language: 'ne' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const inNepali = await client.post(
      '/api/auth/phone-number/send-otp',
      { phoneNumber: '+9779812345678' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(inNepali.status, JSON.stringify(inNepali.body)).toBe(200);
    expect(gateway.received.at(-1)!.fields.text).toMatch(
      /^सेवा: तपाईंको सुरक्षा कोड \d{6} हो। यो एक पटक, ५ मिनेटसम्म मात्र चल्छ। कोड कसैलाई नदिनुहोस्।$/,
    );

    refuse = true;
    const refused = await client.post('/api/auth/phone-number/send-otp', {
      phoneNumber: '+9779812345679',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: { code: 'sms_refused', message: 'A text message could not be sent to this number.' },
    });
  });
});

/**
 * Production: the gateway is on https, as Sparrow's and Aakash's are, and the server process
 * trusts its certificate as it would a real one's (here through NODE_EXTRA_CA_CERTS).
 */
describe('phone codes in production', () => {
  let gateway: FakeGateway | undefined;
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-phone-production-'));
  afterAll(async () => {
    await stopServerProcess(server);
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reach the number through a gateway on https', async () => {
    gateway = await startFakeGateway(() => sparrowAnswers.queued, '/v2/sms/', { https: true });
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...productionPushSettings,
      AUTH_SECRET: 'p'.repeat(40),
      // Never used: nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      INVITE_CODE: 'PHONE-PROD-7K2Q',
      CLINIC_KEYS: 'KTM-WARD-3-7Q2X',
      DEMO_USERS: 'true',
      NODE_EXTRA_CA_CERTS: gateway.certificateFile!,
      SMS_GATEWAY: 'sparrow',
      SMS_GATEWAY_URL: gateway.url,
      SMS_TOKEN: 'sparrow-token-for-tests',
      SMS_FROM: 'SEWA',
    });
    const client = new Client(server.url);
    const signedIn = await client.post('/api/auth/sign-in/email', {
      email: 'patient@example.com',
      password: demoPassword,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);

    await expectFirstCodeAtGateway(client, gateway);
    expect(gateway.received[0]!.fields.text).toMatch(/^Sewa: your security code is \d{6}\./);
  }, 180_000);
});
