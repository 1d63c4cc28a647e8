import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifetimes } from '../../../server/src/auth/auth';
import { codeIn, linksIn } from '../support/smtp';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody } from './client';
import {
  inviteCode,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './fixture';

describe.each(databaseVariants)('sign-in with a one-time code on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  const sendCode = (email: string, headers: Record<string, string> = {}) =>
    world
      .client(headers)
      .post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });

  /** Sends a code to an account and returns the mail. */
  async function mailedCode(email: string, headers: Record<string, string> = {}) {
    const seen = world.smtp.mailsTo(email).length;
    const answer = await sendCode(email, headers);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    return world.smtp.nextMailTo(email, seen);
  }

  it('mails a 6-digit code and a sign-in link to the site, which sign in once', async () => {
    const email = uniqueEmail('otp');
    await signUpAndConfirm(world, email);
    const mail = await mailedCode(email);
    expect(mail.subject).toBe('Your Sewa sign-in code');
    expect(mail.text).toContain(`It works once, for ${lifetimes.oneTimeCode / 60} minutes.`);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    const [link] = linksIn(mail.text);
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${world.server.url}/login`);
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('code')).toBe(code);

    // What the login page does with the link's parameters.
    const browser = world.client();
    const signIn = await browser.post('/api/auth/sign-in/email-otp', {
      email: url.searchParams.get('email'),
      otp: url.searchParams.get('code'),
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.setCookies.some((line) => line.includes('session_token='))).toBe(true);
    const me = await browser.get<{ user: { email: string } }>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);

    const again = await world
      .client()
      .post<ApiErrorBody>('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_otp');
  });

  it('writes the code mail in Nepali when asked in Nepali', async () => {
    const email = uniqueEmail('otp-ne');
    await signUpAndConfirm(world, email);
    const mail = await mailedCode(email, { 'accept-language': 'ne-NP,ne;q=0.9' });
    expect(mail.subject).toBe('तपाईंको सेवा साइन-इन कोड');
    expect(codeIn(mail.text)).toMatch(/^\d{6}$/);
    expect(linksIn(mail.text)).toHaveLength(1);
  });

  it('never creates an account and answers an unknown address like a known one, sending nothing', async () => {
    const stranger = uniqueEmail('stranger');
    const known = uniqueEmail('known');
    await signUpAndConfirm(world, known);
    const unknownAnswer = await sendCode(stranger);
    const knownAnswer = await sendCode(known);
    expect(unknownAnswer.status).toBe(knownAnswer.status);
    expect(unknownAnswer.body).toEqual(knownAnswer.body);
    await world.smtp.nextMailTo(known, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.smtp.mailsTo(stranger)).toHaveLength(0);

    const guess = await world
      .client()
      .post<ApiErrorBody>('/api/auth/sign-in/email-otp', { email: stranger, otp: '123456' });
    expect(guess.status).toBeGreaterThanOrEqual(400);
    expect(guess.status).toBeLessThan(500);
    const users = await world.server.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', stranger)
      .execute();
    expect(users).toEqual([]);
  });

  it('answers alike, header for header, whether a code went out or not', async () => {
    const confirmed = uniqueEmail('otp-alike');
    await signUpAndConfirm(world, confirmed);
    const unconfirmed = uniqueEmail('otp-unconfirmed');
    const signUp = await world.client().post('/api/auth/sign-up/email', {
      email: unconfirmed,
      password: 'correct horse 42',
      name: '',
      inviteCode,
    });
    expect(signUp.status).toBe(200);
    const seen = world.smtp.mailsTo(confirmed).length;
    const ask = async (email: string, type: string, address: string) => {
      const answer = await world
        .client({ 'x-forwarded-for': address })
        .post('/api/auth/email-otp/send-verification-otp', { email, type });
      const headers = [...answer.headers].filter(([name]) => name !== 'date');
      return { status: answer.status, body: answer.body, headers };
    };
    const sent = await ask(confirmed, 'sign-in', '198.18.10.1');
    expect(sent.status).toBe(200);
    await world.smtp.nextMailTo(confirmed, seen);
    // No account has this address, and this one's account is not confirmed: the answers tell neither.
    expect(await ask(uniqueEmail('otp-nobody'), 'sign-in', '198.18.10.2')).toEqual(sent);
    expect(await ask(unconfirmed, 'sign-in', '198.18.10.3')).toEqual(sent);
  });

  it('refuses a wrong code, and after five wrong tries the right one too', async () => {
    const email = uniqueEmail('otp-wrong');
    await signUpAndConfirm(world, email);
    const code = codeIn((await mailedCode(email)).text)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const first = await world
      .client()
      .post<ApiErrorBody>('/api/auth/sign-in/email-otp', { email, otp: wrong });
    expect(first.status).toBe(400);
    expect(first.body.error.code).toBe('invalid_otp');
    for (let i = 0; i < 4; i += 1) {
      await world.client().post('/api/auth/sign-in/email-otp', { email, otp: wrong });
    }
    const right = await world
      .client()
      .post<ApiErrorBody>('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(right.status).toBe(403);
    expect(right.body.error.code).toBe('too_many_attempts');
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('otp-expired');
    await signUpAndConfirm(world, email);
    const code = codeIn((await mailedCode(email)).text)!;
    // Ten minutes pass.
    await sql`update verification set "expiresAt" = now() - interval '1 second'
      where identifier like ${`%${email}%`}`.execute(world.server.database.db);
    const answer = await world
      .client()
      .post<ApiErrorBody>('/api/auth/sign-in/email-otp', { email, otp: code });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('otp_expired');
  });

  it('a new code replaces the previous one', async () => {
    const email = uniqueEmail('otp-replace');
    await signUpAndConfirm(world, email);
    const first = codeIn((await mailedCode(email)).text)!;
    const second = codeIn((await mailedCode(email)).text)!;
    if (first !== second) {
      const old = await world.client().post('/api/auth/sign-in/email-otp', { email, otp: first });
      expect(old.status).toBe(400);
    }
    const fresh = await world.client().post('/api/auth/sign-in/email-otp', { email, otp: second });
    expect(fresh.status).toBe(200);
  });
});
