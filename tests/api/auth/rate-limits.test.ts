import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLimits } from '../../../server/src/rate-limit/auth-limits';
import { databaseVariants } from '../support/test-server';
import type { Answer, ApiErrorBody } from './client';
import {
  password,
  signUpAndConfirm,
  startAuthWorld,
  startSecondInstance,
  uniqueEmail,
  type AuthWorld,
  type SecondInstance,
} from './fixture';

const signInPerEmail = authLimits['/sign-in/email']!.email!.max;
const codesPerEmail = authLimits['/email-otp/send-verification-otp']!.email!.max;
const codesPerAddress = authLimits['/email-otp/send-verification-otp']!.ip.max;
const resetsPerEmail = authLimits['/request-password-reset']!.email!.max;

function expectRateLimited(answer: Answer<ApiErrorBody>) {
  expect(answer.status).toBe(429);
  expect(answer.body.error.code).toBe('rate_limited');
  expect(answer.body.error.message).toMatch(
    /^Too many attempts\. Please try again in \d+ minutes?\.$/,
  );
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
}

describe.each(databaseVariants)('rate limits on the $name database', (variant) => {
  let world: AuthWorld;
  let second: SecondInstance;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
    second = await startSecondInstance(world, variant);
  });
  afterAll(async () => {
    await second.close();
    await world.close();
  });

  it('stops password guessing on one e-mail, even with the right password, from every address', async () => {
    const email = uniqueEmail('guess');
    await signUpAndConfirm(world, email);
    for (let i = 0; i < signInPerEmail; i += 1) {
      // A different client address each time: the e-mail's own limit still counts them all.
      const answer = await world
        .client({ 'x-forwarded-for': `198.51.100.${i + 1}` })
        .post<ApiErrorBody>('/api/auth/sign-in/email', { email, password: `wrong ${i}` });
      expect(answer.status).toBe(401);
    }
    const refused = await world
      .client({ 'x-forwarded-for': '203.0.113.9' })
      .post<ApiErrorBody>('/api/auth/sign-in/email', { email: email.toUpperCase(), password });
    expectRateLimited(refused);
    expect(refused.setCookies.some((line) => line.includes('session_token='))).toBe(false);

    // Another account from the same address is not affected.
    const other = uniqueEmail('innocent');
    await signUpAndConfirm(world, other);
    const fine = await world
      .client({ 'x-forwarded-for': '203.0.113.9' })
      .post('/api/auth/sign-in/email', { email: other, password });
    expect(fine.status).toBe(200);
  });

  it('counts hits on one server on the other, through the database', async () => {
    const email = uniqueEmail('shared');
    const half = Math.ceil(signInPerEmail / 2);
    for (let i = 0; i < signInPerEmail; i += 1) {
      const client = i < half ? world.client() : second.client();
      const answer = await client.post('/api/auth/sign-in/email', { email, password: 'wrong' });
      expect(answer.status).toBe(401);
    }
    expectRateLimited(
      await second.client().post<ApiErrorBody>('/api/auth/sign-in/email', {
        email,
        password: 'wrong',
      }),
    );
    expectRateLimited(
      await world.client().post<ApiErrorBody>('/api/auth/sign-in/email', {
        email,
        password: 'wrong',
      }),
    );
  });

  it('limits one-time codes per e-mail, known or not, and sends no more mail', async () => {
    const known = uniqueEmail('codes');
    const stranger = uniqueEmail('codes-stranger');
    await signUpAndConfirm(world, known);
    const before = world.smtp.mailsTo(known).length;
    for (const email of [known, stranger]) {
      for (let i = 0; i < codesPerEmail; i += 1) {
        const client = i % 2 === 0 ? world.client() : second.client();
        const answer = await client.post('/api/auth/email-otp/send-verification-otp', {
          email,
          type: 'sign-in',
        });
        expect(answer.status).toBe(200);
      }
      expectRateLimited(
        await world.client().post<ApiErrorBody>('/api/auth/email-otp/send-verification-otp', {
          email,
          type: 'sign-in',
        }),
      );
    }
    await world.smtp.nextMailTo(known, before + codesPerEmail - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.smtp.mailsTo(known)).toHaveLength(before + codesPerEmail);
  });

  it('limits reset requests per e-mail, known or not', async () => {
    const known = uniqueEmail('resets');
    const stranger = uniqueEmail('resets-stranger');
    await signUpAndConfirm(world, known);
    for (const email of [known, stranger]) {
      for (let i = 0; i < resetsPerEmail; i += 1) {
        const answer = await world
          .client()
          .post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
        expect(answer.status).toBe(200);
      }
      expectRateLimited(
        await second.client().post<ApiErrorBody>('/api/auth/request-password-reset', {
          email,
          redirectTo: '/reset-password',
        }),
      );
    }
  });

  it('limits one client address across many e-mails', async () => {
    const address = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < codesPerAddress; i += 1) {
      const answer = await world.client(address).post('/api/auth/email-otp/send-verification-otp', {
        email: uniqueEmail('spray'),
        type: 'sign-in',
      });
      expect(answer.status).toBe(200);
    }
    expectRateLimited(
      await world.client(address).post<ApiErrorBody>('/api/auth/email-otp/send-verification-otp', {
        email: uniqueEmail('spray'),
        type: 'sign-in',
      }),
    );
    const elsewhere = await world
      .client({ 'x-forwarded-for': '192.0.2.78' })
      .post('/api/auth/email-otp/send-verification-otp', {
        email: uniqueEmail('spray'),
        type: 'sign-in',
      });
    expect(elsewhere.status).toBe(200);
  });

  it('cannot be dodged by spelling the path differently', async () => {
    const email = uniqueEmail('spelling');
    for (let i = 0; i < signInPerEmail; i += 1) {
      await world.client().post('/api/auth/sign-in/email', { email, password: 'wrong' });
    }
    for (const path of [
      '/api/auth/sign-in/email/',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in//email',
      '/api/auth/./sign-in/email',
      '/api/auth/sign-in/%65mail',
      '/api/auth/SIGN-IN/email',
      '/api/auth/sign-in/email?x=1',
      '/api/auth/sign-in/email#x',
      '/api/auth/sign-in/email;x',
    ]) {
      const answer = await world.client().post<ApiErrorBody>(path, { email, password: 'wrong' });
      expect([404, 429], `${path} answered ${answer.status}`).toContain(answer.status);
    }
  });
});
