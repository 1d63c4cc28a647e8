import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksIn, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { databaseVariants } from '../support/test-server';
import {
  inviteCode,
  password,
  startAuthWorld,
  startSecondInstance,
  uniqueEmail,
  type AuthWorld,
} from './fixture';

describe.each(databaseVariants)('SMTP transport on the $name database', (variant) => {
  let world: AuthWorld;
  let tlsRelay: TestSmtpServer;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
    // Offers STARTTLS with smtp-server's own certificate, which no one trusts.
    tlsRelay = await startSmtpServer({ disabledCommands: ['AUTH'] });
  });
  afterAll(async () => {
    await tlsRelay.close();
    await world.close();
  });

  async function signUpThrough(smtpUrl: string): Promise<string> {
    const email = uniqueEmail('transport');
    const instance = await startSecondInstance(world, variant, { SMTP_URL: smtpUrl });
    try {
      const answer = await instance
        .client()
        .post('/api/auth/sign-up/email', { email, password, name: '', inviteCode });
      expect(answer.status).toBe(200);
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await instance.close();
    }
    return email;
  }

  it('upgrades to TLS when the server offers it and refuses a certificate it cannot verify', async () => {
    const email = await signUpThrough(tlsRelay.url);
    expect(tlsRelay.mailsTo(email)).toHaveLength(0);
  });

  it('sends in plain text to a local relay when SMTP_URL says ?ignoreTLS=true', async () => {
    const email = await signUpThrough(`${tlsRelay.url}/?ignoreTLS=true`);
    const mail = await tlsRelay.nextMailTo(email, 0);
    expect(mail.from).toBe('no-reply@localhost');
    expect(linksIn(mail.text)).toHaveLength(1);
  });
});
