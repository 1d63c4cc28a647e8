import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody, Client } from './client';
import {
  password,
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './fixture';
import { secretOf, totp } from './totp';

interface Enabled {
  totpURI: string;
  backupCodes: string[];
}

describe('the test TOTP', () => {
  it('matches the RFC 6238 test vector (SHA-1, T = 59 s)', () => {
    // The RFC's secret "12345678901234567890" in base32; its 8-digit code is 94287082.
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000, 30, 8)).toBe('94287082');
  });
});

describe.each(databaseVariants)('authenticator app (TOTP) on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  /** An account with a confirmed authenticator app, and its secret and backup codes. */
  async function enrolled() {
    const email = uniqueEmail('totp');
    await signUpAndConfirm(world, email);
    const browser = await signedIn(world, email);

    const wrongPassword = await browser.post<ApiErrorBody>('/api/auth/two-factor/enable', {
      password: 'not my password',
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.code).toBe('invalid_password');

    const enable = await browser.post<Enabled>('/api/auth/two-factor/enable', { password });
    expect(enable.status, JSON.stringify(enable.body)).toBe(200);
    const uri = new URL(enable.body.totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('issuer')).toBe('Sewa');
    expect(enable.body.backupCodes.length).toBeGreaterThanOrEqual(8);
    const secret = secretOf(enable.body.totpURI);

    // Not on until a code from the app confirms it.
    const pending = await browser.get<{ user: { twoFactorEnabled: boolean } }>('/api/me');
    expect(pending.body.user.twoFactorEnabled).toBe(false);
    const confirm = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totp(secret),
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    const me = await browser.get<{ user: { twoFactorEnabled: boolean } }>('/api/me');
    expect(me.body.user.twoFactorEnabled).toBe(true);
    return { email, secret, backupCodes: enable.body.backupCodes, browser };
  }

  /** Signs in with the password and expects to be asked for the second factor. */
  async function firstStep(email: string): Promise<Client> {
    const client = world.client();
    const answer = await client.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      email,
      password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.twoFactorRedirect).toBe(true);
    expect(answer.setCookies.some((line) => /session_token=[^;]/.test(line))).toBe(false);
    expect((await client.get('/api/me')).status).toBe(401);
    return client;
  }

  it('enrols with a code computed from the QR secret, then sign-in needs a valid code', async () => {
    const { email, secret } = await enrolled();
    const client = await firstStep(email);

    const wrong = await client.post<ApiErrorBody>('/api/auth/two-factor/verify-totp', {
      code: totp(secret, Date.now() + 5 * 60_000),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_code');
    expect((await client.get('/api/me')).status).toBe(401);

    const right = await client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    const me = await client.get<{ user: { email: string } }>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });

  it('a code without the first step signs nobody in', async () => {
    const { secret } = await enrolled();
    const stranger = world.client();
    const answer = await stranger.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(answer.status).toBe(401);
    expect((await stranger.get('/api/me')).status).toBe(401);
  });

  it('a backup code completes sign-in once', async () => {
    const { email, backupCodes } = await enrolled();
    const code = backupCodes[0]!;
    const client = await firstStep(email);
    const used = await client.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);

    const again = await firstStep(email);
    const reused = await again.post<ApiErrorBody>('/api/auth/two-factor/verify-backup-code', {
      code,
    });
    expect(reused.status).toBe(401);
    expect((await again.get('/api/me')).status).toBe(401);
    const another = await again.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[1],
    });
    expect(another.status).toBe(200);
  });

  it('the password alone does not do it through the one-time code either', async () => {
    const { email } = await enrolled();
    const seen = world.smtp.mailsTo(email).length;
    await world
      .client()
      .post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    const mail = await world.smtp.nextMailTo(email, seen);
    const code = /^\d{6}$/m.exec(mail.text)?.[0];
    const client = world.client();
    const answer = await client.post<{ twoFactorRedirect?: boolean }>(
      '/api/auth/sign-in/email-otp',
      { email, otp: code },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.twoFactorRedirect).toBe(true);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('stops guessing the second factor: a few tries per sign-in, then the account locks', async () => {
    const { email, secret } = await enrolled();
    const wrongCode = () => totp(secret, Date.now() + 10 * 60_000);
    const client = await firstStep(email);
    const refusals: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      refusals.push(
        (await client.post('/api/auth/two-factor/verify-totp', { code: wrongCode() })).status,
      );
    }
    expect(new Set(refusals)).toEqual(new Set([401]));
    // This sign-in attempt is used up: not even the right code completes it.
    const used = await client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(used.status).toBeGreaterThanOrEqual(400);
    expect(used.status).toBeLessThan(500);
    expect((await client.get('/api/me')).status).toBe(401);

    // Five more wrong codes after a new password step lock the account for a while.
    const again = await firstStep(email);
    for (let i = 0; i < 5; i += 1) {
      await again.post('/api/auth/two-factor/verify-totp', { code: wrongCode() });
    }
    const third = await firstStep(email);
    const locked = await third.post<ApiErrorBody>('/api/auth/two-factor/verify-totp', {
      code: totp(secret),
    });
    expect(locked.status).toBe(429);
    expect((await third.get('/api/me')).status).toBe(401);
  });
});
