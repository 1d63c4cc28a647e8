import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountProtectedMessage } from '../../../server/src/rate-limit/auth-call-limits';
import {
  authLimits,
  codeRequestLimits,
  signInLimits,
} from '../../../server/src/rate-limit/auth-limits';
import { codeIn } from '../support/smtp';
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

const failuresPerPair = signInLimits['/sign-in/email']!.pair.max;
const failuresPerAccount = signInLimits['/sign-in/email']!.account!.max;
const codeLimits = codeRequestLimits['/email-otp/send-verification-otp']!;
const codesFromStrangers = codeLimits.strangers.max;
const codesPerAddress = codeLimits.ip.max;
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

/**
 * Tests that sign in scores of times one after another: each pays the password hash, which
 * is slow on purpose and slower still while other test files share the cores.
 */
const hashBoundTimeoutMs = 120_000;

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

  it('stops one address guessing one account, but not the owner elsewhere nor other accounts', async () => {
    const email = uniqueEmail('guess');
    await signUpAndConfirm(world, email);
    const guesser = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < failuresPerPair; i += 1) {
      const answer = await world
        .client(guesser)
        .post('/api/auth/sign-in/email', { email, password: `wrong ${i}` });
      expect(answer.status).toBe(401);
    }
    // Refused before the password is checked: the right one gets no different answer.
    const refused = await world
      .client(guesser)
      .post<ApiErrorBody>('/api/auth/sign-in/email', { email: email.toUpperCase(), password });
    expectRateLimited(refused);
    expect(refused.setCookies.some((line) => line.includes('session_token='))).toBe(false);

    // The owner, from their own address, is not locked out by someone else's guesses.
    const owner = await world
      .client({ 'x-forwarded-for': '203.0.113.9' })
      .post('/api/auth/sign-in/email', { email, password });
    expect(owner.status).toBe(200);

    // Another account from the guessing address is not affected either.
    const other = uniqueEmail('innocent');
    await signUpAndConfirm(world, other);
    const fine = await world
      .client(guesser)
      .post('/api/auth/sign-in/email', { email: other, password });
    expect(fine.status).toBe(200);
  });

  it(
    'counts failures only: signing in again and again uses up nothing',
    async () => {
      const email = uniqueEmail('regular');
      await signUpAndConfirm(world, email);
      const address = { 'x-forwarded-for': '198.51.100.20' };
      for (let i = 0; i < failuresPerPair + 3; i += 1) {
        const answer = await world
          .client(address)
          .post('/api/auth/sign-in/email', { email, password });
        expect(answer.status, `sign-in ${i + 1}`).toBe(200);
      }
      // A few typos between them still leave the owner their full budget of mistakes.
      for (let i = 0; i < failuresPerPair - 1; i += 1) {
        const typo = await world
          .client(address)
          .post('/api/auth/sign-in/email', { email, password: `${password}!` });
        expect(typo.status).toBe(401);
      }
      const last = await world.client(address).post('/api/auth/sign-in/email', { email, password });
      expect(last.status).toBe(200);
    },
    hashBoundTimeoutMs,
  );

  it('cannot be outrun by guesses sent all at once', async () => {
    const email = uniqueEmail('burst');
    await signUpAndConfirm(world, email);
    const address = { 'x-forwarded-for': '198.51.100.30' };
    const answers = await Promise.all(
      Array.from({ length: failuresPerPair * 2 }, (_, i) =>
        world.client(address).post('/api/auth/sign-in/email', { email, password: `wrong ${i}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(failuresPerPair);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(failuresPerPair);
  });

  it(
    'pauses password sign-in for an account attacked from many addresses, and lets its owner in by a mailed code',
    async () => {
      const email = uniqueEmail('attacked');
      await signUpAndConfirm(world, email);
      for (let i = 0; i < failuresPerAccount; i += 1) {
        const answer = await world
          .client({ 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` })
          .post('/api/auth/sign-in/email', { email, password: `wrong ${i}` });
        expect(answer.status).toBe(401);
      }
      for (const secret of [password, 'still wrong']) {
        // Everyone gets the same answer, right password or not: it tells a guesser nothing.
        const paused = await world
          .client({ 'x-forwarded-for': '203.0.113.50' })
          .post<ApiErrorBody>('/api/auth/sign-in/email', { email, password: secret });
        expect(paused.status).toBe(429);
        expect(paused.body.error).toEqual({
          code: 'account_protected',
          message: accountProtectedMessage,
        });
        expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(paused.setCookies.some((line) => line.includes('session_token='))).toBe(false);
      }

      // The owner proves their mailbox instead, and is in.
      const owner = world.client({ 'x-forwarded-for': '203.0.113.51' });
      const seen = world.smtp.mailsTo(email).length;
      const sent = await owner.post('/api/auth/email-otp/send-verification-otp', {
        email,
        type: 'sign-in',
      });
      expect(sent.status).toBe(200);
      const mail = await world.smtp.nextMailTo(email, seen);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      const signedIn = await owner.post('/api/auth/sign-in/email-otp', { email, otp: code });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      expect((await owner.get('/api/me')).status).toBe(200);
    },
    hashBoundTimeoutMs,
  );

  it('counts failures on one server on the other, through the database', async () => {
    const email = uniqueEmail('shared');
    const address = { 'x-forwarded-for': '198.51.100.40' };
    const half = Math.ceil(failuresPerPair / 2);
    for (let i = 0; i < failuresPerPair; i += 1) {
      const client = i < half ? world.client(address) : second.client(address);
      const answer = await client.post('/api/auth/sign-in/email', { email, password: 'wrong' });
      expect(answer.status).toBe(401);
    }
    expectRateLimited(
      await second.client(address).post<ApiErrorBody>('/api/auth/sign-in/email', {
        email,
        password: 'wrong',
      }),
    );
    expectRateLimited(
      await world.client(address).post<ApiErrorBody>('/api/auth/sign-in/email', {
        email,
        password: 'wrong',
      }),
    );
  });

  const sendCode = (
    email: string,
    address: string,
    client = world.client({ 'x-forwarded-for': address }),
  ) =>
    client.post<ApiErrorBody>('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'sign-in',
    });

  it('limits one-time codes per e-mail from addresses it has never signed in from, known or not, and sends no more mail', async () => {
    const known = uniqueEmail('codes');
    const stranger = uniqueEmail('codes-stranger');
    await signUpAndConfirm(world, known);
    const before = world.smtp.mailsTo(known).length;
    for (const email of [known, stranger]) {
      for (let i = 0; i < codesFromStrangers; i += 1) {
        const answer = await sendCode(
          email,
          `198.18.${i}.1`,
          i % 2 === 0 ? undefined : second.client({ 'x-forwarded-for': `198.18.${i}.1` }),
        );
        expect(answer.status).toBe(200);
      }
      expectRateLimited(await sendCode(email, '198.18.200.1'));
    }
    await world.smtp.nextMailTo(known, before + codesFromStrangers - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.smtp.mailsTo(known)).toHaveLength(before + codesFromStrangers);
  });

  it('limits one address asking for one inbox, without using up what other addresses may ask', async () => {
    const email = uniqueEmail('codes-pair');
    for (let i = 0; i < codeLimits.pair.max; i += 1) {
      expect((await sendCode(email, '198.18.201.1')).status).toBe(200);
    }
    expectRateLimited(await sendCode(email, '198.18.201.1'));
    expect(codeLimits.pair.max).toBeLessThan(codesFromStrangers);
    expect((await sendCode(email, '198.18.201.2')).status).toBe(200);
  });

  it('still mails the owner a working code, at once, while a flood from other addresses is refused', async () => {
    const email = uniqueEmail('codes-owner');
    await signUpAndConfirm(world, email);
    const home = '203.0.113.60';
    const signIn = await world
      .client({ 'x-forwarded-for': home })
      .post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);

    const before = world.smtp.mailsTo(email).length;
    for (let i = 0; i < codesFromStrangers; i += 1) {
      expect((await sendCode(email, `198.18.202.${i + 1}`)).status).toBe(200);
    }
    expectRateLimited(await sendCode(email, '198.18.202.250'));

    // Each of those codes voided the one before; the owner's must be the one that works.
    await world.smtp.nextMailTo(email, before + codesFromStrangers - 1);
    const seen = before + codesFromStrangers;
    const owner = await sendCode(email, home);
    expect(owner.status).toBe(200);
    const code = codeIn((await world.smtp.nextMailTo(email, seen)).text);
    const signedInByCode = await world
      .client({ 'x-forwarded-for': home })
      .post('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(signedInByCode.status, JSON.stringify(signedInByCode.body)).toBe(200);
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
});
