import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { Client, type ApiErrorBody } from './client';
import { inviteCode, password, uniqueEmail } from './fixture';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Plugin endpoints that would skip a check the product relies on. This suite runs on
 * the development outbox, where phone codes land, so it can read them.
 */
describe.each(databaseVariants)('ways in that are closed, on the $name database', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      variant,
      env: { DEMO_USERS: 'false', INVITE_CODE: inviteCode },
    });
  });
  afterAll(() => server.close());

  const outbox = async () =>
    (await (await fetch(`${server.url}/api/dev/mail`)).json()) as OutboxMail[];
  const mailsTo = async (to: string) => (await outbox()).filter((mail) => mail.to === to);
  /**
   * Mail is sent after the answer: waits for the mail number `index` (from 0) to `to`, up to
   * 20 s, as a sign-up's mail comes later while other test files share the cores.
   */
  async function mailTo(to: string, index: number): Promise<OutboxMail> {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const mails = await mailsTo(to);
      // The outbox lists newest first.
      const found = mails[mails.length - 1 - index];
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No mail number ${index} to ${to}`);
  }

  async function signedInPatient(): Promise<{ client: Client; email: string }> {
    const email = uniqueEmail('closed');
    const client = new Client(server.url);
    const signUp = await client.post('/api/auth/sign-up/email', {
      email,
      password,
      name: '',
      inviteCode,
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    const link = (await mailTo(email, 0)).text.split('\n').find((line) => line.startsWith('http'));
    expect((await client.get(link!)).status).toBe(302);
    const answer = await client.post('/api/auth/sign-in/email', { email, password });
    expect(answer.status).toBe(200);
    return { client, email };
  }

  it('answers 404 for the reset, sign-in and social endpoints Sewa does not use', async () => {
    const { email } = await signedInPatient();
    const client = new Client(server.url);
    for (const [path, body] of [
      ['/api/auth/forget-password/email-otp', { email }],
      ['/api/auth/email-otp/request-password-reset', { email }],
      ['/api/auth/email-otp/reset-password', { email, otp: '123456', password: 'new password 1' }],
      ['/api/auth/email-otp/verify-email', { email, otp: '123456' }],
      ['/api/auth/email-otp/check-verification-otp', { email, otp: '123456', type: 'sign-in' }],
      ['/api/auth/phone-number/request-password-reset', { phoneNumber: '+9779800000001' }],
      [
        '/api/auth/phone-number/reset-password',
        { phoneNumber: '+9779800000001', otp: '123456', newPassword: 'x'.repeat(10) },
      ],
      ['/api/auth/sign-in/phone-number', { phoneNumber: '+9779800000001', password }],
      ['/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' }],
      ['/api/auth/callback/google', { code: 'x'.repeat(20_000), state: 'made-up' }],
      ['/api/auth/link-social', { provider: 'google' }],
      ['/api/auth/refresh-token', { providerId: 'google' }],
      ['/api/auth/get-access-token', { providerId: 'google' }],
    ] as const) {
      const answer = await client.post<ApiErrorBody>(path, body);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
  });

  it('mails one-time codes for signing in only', async () => {
    const { email } = await signedInPatient();
    const before = (await outbox()).length;
    for (const type of ['forget-password', 'email-verification']) {
      const answer = await new Client(server.url).post<ApiErrorBody>(
        '/api/auth/email-otp/send-verification-otp',
        { email, type },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalid_otp_type');
    }
    expect(await outbox()).toHaveLength(before);
  });

  it('takes a phone number as a second factor of a signed-in account, never as a sign-in', async () => {
    const { client, email } = await signedInPatient();
    const phoneNumber = `+97798${String(Date.now()).slice(-8)}`;
    expect((await client.post('/api/auth/phone-number/send-otp', { phoneNumber })).status).toBe(
      200,
    );
    const code = /\b\d{6}\b/.exec((await mailTo(phoneNumber, 0)).text)![0];
    const added = await client.post('/api/auth/phone-number/verify', {
      phoneNumber,
      code,
      updatePhoneNumber: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    // Someone with the phone (or its SMS) but not the password tries to sign in with it. Without
    // a session no code is texted; the thief reads the next one its owner asks for.
    const thief = new Client(server.url);
    expect((await thief.post('/api/auth/phone-number/send-otp', { phoneNumber })).status).toBe(401);
    expect((await client.post('/api/auth/phone-number/send-otp', { phoneNumber })).status).toBe(
      200,
    );
    const stolen = /\b\d{6}\b/.exec((await mailTo(phoneNumber, 1)).text)![0];
    const attempt = await thief.post<ApiErrorBody>('/api/auth/phone-number/verify', {
      phoneNumber,
      code: stolen,
    });
    expect(attempt.status).toBe(400);
    expect(attempt.body.error.code).toBe('phone_number_sign_in_disabled');
    expect(attempt.setCookies.some((line) => line.includes('session_token='))).toBe(false);
    const withFlag = await thief.post('/api/auth/phone-number/verify', {
      phoneNumber,
      code: stolen,
      updatePhoneNumber: true,
    });
    expect(withFlag.status).toBe(401);
    expect((await thief.get('/api/me')).status).toBe(401);
    expect((await client.get<{ user: { email: string } }>('/api/me')).body.user.email).toBe(email);
  });
});
