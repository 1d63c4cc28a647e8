import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLimits } from '../../../server/src/rate-limit/auth-limits';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody } from './client';
import {
  inviteCode,
  password,
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './fixture';

const endpoints = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/email-otp/send-verification-otp',
  '/api/auth/sign-in/email-otp',
  '/api/auth/two-factor/verify-otp',
  '/api/auth/passkey/verify-authentication',
  '/api/auth/update-user',
  '/api/auth/change-password',
  '/api/auth/sign-out',
];

const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
const deepObject = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;

const badBodies: [string, string][] = [
  ['null', 'null'],
  ['a string', '"sign me in"'],
  ['a number', '42'],
  ['true', 'true'],
  ['an array', '[{"email":"a@example.com"}]'],
  ['an array nested 5,000 deep', deepArray],
  ['an object nested 3,000 deep', deepObject],
  [
    'an object nested 9 deep',
    `{"email":"a@example.com","x":${'{"y":'.repeat(8)}1${'}'.repeat(8)}}`,
  ],
  ['a NUL in the e-mail', JSON.stringify({ email: 'a\u0000@example.com', password })],
  [
    'a NUL in the password',
    JSON.stringify({ email: 'a@example.com', password: 'x\u0000yyyyyyyy' }),
  ],
  ['a NUL in a key', JSON.stringify({ email: 'a@example.com', ['pass\u0000word']: password })],
  [
    'an e-mail of 100,000 characters',
    JSON.stringify({ email: `${'a'.repeat(100_000)}@example.com`, password }),
  ],
];

describe.each(databaseVariants)('bad input to /api/auth on the $name database', (variant) => {
  let world: AuthWorld;
  let cookie: string;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
    const email = uniqueEmail('bad-input');
    await signUpAndConfirm(world, email);
    cookie = (await signedIn(world, email)).cookieHeader();
  });
  afterAll(() => world.close());

  it.each(badBodies)('answers %s with a 4xx JSON error on every endpoint', async (_label, body) => {
    let address = 0;
    for (const path of endpoints) {
      for (const withSession of [false, true]) {
        address += 1;
        const response = await fetch(`${world.server.url}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: world.server.url,
            'x-forwarded-for': `198.51.100.${address}`,
            ...(withSession ? { cookie } : {}),
          },
          body,
        });
        const text = await response.text();
        const context = `${path}: ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, context).toBeGreaterThanOrEqual(400);
        expect(response.status, context).toBeLessThan(500);
        expect(JSON.parse(text), context).toEqual({
          error: { code: expect.any(String) as string, message: expect.any(String) as string },
        });
      }
    }
  });

  it('refuses a call whose redirect would carry more than any link of ours', async () => {
    const long = await world
      .client()
      .get<ApiErrorBody>(`/api/auth/verify-email?token=made-up&callbackURL=/${'x'.repeat(5_000)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('bad_request');
    expect(long.headers.get('location')).toBeNull();
    const usual = await world.client().get('/api/auth/verify-email?token=made-up&callbackURL=/');
    expect(usual.status).toBe(302);
  });

  it('caps an account name at 100 characters on sign-up and on update', async () => {
    const email = uniqueEmail('long-name');
    const tooLong = await world.client().post<ApiErrorBody>('/api/auth/sign-up/email', {
      email,
      password,
      name: 'n'.repeat(101),
      inviteCode,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toEqual({
      code: 'validation_failed',
      message: 'Names can be at most 100 characters',
    });
    expect(world.smtp.mailsTo(email)).toHaveLength(0);

    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    const update = await client.post<ApiErrorBody>('/api/auth/update-user', {
      name: 'न'.repeat(101),
    });
    expect(update.status).toBe(400);
    expect(update.body.error.message).toBe('Names can be at most 100 characters');
    expect((await client.post('/api/auth/update-user', { name: 'न'.repeat(100) })).status).toBe(
      200,
    );
  });

  it('limits the passkey challenges anyone may ask for before signing in', async () => {
    const limit = authLimits['/passkey/generate-authenticate-options']!.ip.max;
    const address = { 'x-forwarded-for': '192.0.2.200' };
    for (let i = 0; i < limit; i += 1) {
      const answer = await world
        .client(address)
        .get('/api/auth/passkey/generate-authenticate-options');
      expect(answer.status).toBe(200);
    }
    const refused = await world
      .client(address)
      .get<ApiErrorBody>('/api/auth/passkey/generate-authenticate-options');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});
