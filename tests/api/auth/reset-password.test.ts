import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifetimes } from '../../../server/src/auth/auth';
import { linksIn, startSmtpServer } from '../support/smtp';
import { databaseVariants, freePort } from '../support/test-server';
import type { ApiErrorBody } from './client';
import {
  password,
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  startSecondInstance,
  uniqueEmail,
  type AuthWorld,
} from './fixture';

/** The web app's page that reads `?token=` and asks for the new password. */
const resetPage = '/reset-password';

describe.each(databaseVariants)('password reset on the $name database', (variant) => {
  let world: AuthWorld;
  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(() => world.close());

  const requestReset = (email: string, headers: Record<string, string> = {}) =>
    world
      .client(headers)
      .post('/api/auth/request-password-reset', { email, redirectTo: resetPage });

  /** Opens the mailed link like a browser and returns the token the reset page receives. */
  async function tokenFromLink(link: string): Promise<string> {
    const opened = await world.client().get(link);
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get('location')!, world.server.url);
    expect(target.origin).toBe(world.server.url);
    expect(target.pathname).toBe(resetPage);
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();
    return token!;
  }

  it('answers an unknown address exactly like a known one and mails only the known one', async () => {
    const known = uniqueEmail('reset-known');
    const stranger = uniqueEmail('reset-stranger');
    await signUpAndConfirm(world, known);
    const strangerAnswer = await requestReset(stranger);
    const knownAnswer = await requestReset(known);
    expect(strangerAnswer.status).toBe(200);
    expect(strangerAnswer.status).toBe(knownAnswer.status);
    expect(strangerAnswer.body).toEqual(knownAnswer.body);
    await world.smtp.nextMailTo(known, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(world.smtp.mailsTo(stranger)).toHaveLength(0);
  });

  it('resets once: the new password signs in, the old one and the old sessions do not', async () => {
    const email = uniqueEmail('reset');
    await signUpAndConfirm(world, email);
    const before = await signedIn(world, email);
    const otherDevice = await signedIn(world, email);
    expect((await before.get('/api/me')).status).toBe(200);

    const seen = world.smtp.mailsTo(email).length;
    expect((await requestReset(email)).status).toBe(200);
    const mail = await world.smtp.nextMailTo(email, seen);
    expect(mail.subject).toBe('Reset your Sewa password');
    expect(mail.text).toContain(`It works once, for ${lifetimes.resetLink / 60} minutes`);
    const links = linksIn(mail.text);
    expect(links).toHaveLength(1);
    const token = await tokenFromLink(links[0]!);

    const short = await world
      .client()
      .post<ApiErrorBody>('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('password_too_short');

    const newPassword = 'a brand new passphrase';
    const reset = await world.client().post('/api/auth/reset-password', { token, newPassword });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    expect((await before.get('/api/me')).status).toBe(401);
    expect((await otherDevice.get('/api/me')).status).toBe(401);

    const old = await world
      .client()
      .post<ApiErrorBody>('/api/auth/sign-in/email', { email, password });
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('invalid_email_or_password');
    const fresh = await signedIn(world, email, newPassword);
    expect((await fresh.get('/api/me')).status).toBe(200);

    const replay = await world
      .client()
      .post<ApiErrorBody>('/api/auth/reset-password', { token, newPassword: 'yet another one' });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('invalid_token');
    const reopened = await world.client().get(links[0]!);
    expect(reopened.status).toBe(302);
    expect(reopened.headers.get('location')).toContain('error=INVALID_TOKEN');
    expect((await signedIn(world, email, newPassword)).cookies.size).toBeGreaterThan(0);
  });

  it('voids the other pending links of the account once one is used, and no one else’s', async () => {
    const email = uniqueEmail('reset-two-links');
    const neighbour = uniqueEmail('reset-neighbour');
    await signUpAndConfirm(world, email);
    await signUpAndConfirm(world, neighbour);
    const links: string[] = [];
    for (const address of [email, email, neighbour]) {
      const seen = world.smtp.mailsTo(address).length;
      expect((await requestReset(address)).status).toBe(200);
      links.push(linksIn((await world.smtp.nextMailTo(address, seen)).text)[0]!);
    }
    const [first, second, neighbours] = await Promise.all(links.map(tokenFromLink));

    const used = await world
      .client()
      .post('/api/auth/reset-password', { token: second, newPassword: 'the second link won' });
    expect(used.status, JSON.stringify(used.body)).toBe(200);

    const older = await world
      .client()
      .post<ApiErrorBody>('/api/auth/reset-password', { token: first, newPassword: 'too late' });
    expect(older.status).toBe(400);
    expect(older.body.error.code).toBe('invalid_token');
    expect((await signedIn(world, email, 'the second link won')).cookies.size).toBeGreaterThan(0);

    const theirs = await world
      .client()
      .post('/api/auth/reset-password', { token: neighbours, newPassword: 'still my own link' });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
  });

  it('ends the JWTs of every session of the account', async () => {
    const email = uniqueEmail('reset-jwt');
    await signUpAndConfirm(world, email);
    const device = await signedIn(world, email);
    const { token: jwt } = (await device.get<{ token: string }>('/api/auth/token')).body;
    const bearer = { headers: { authorization: `Bearer ${jwt}` } };
    expect((await world.client().get('/api/me', bearer)).status).toBe(200);

    const seen = world.smtp.mailsTo(email).length;
    await requestReset(email);
    const token = await tokenFromLink(linksIn((await world.smtp.nextMailTo(email, seen)).text)[0]!);
    const reset = await world
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a fresh start 2026' });
    expect(reset.status).toBe(200);

    const me = await world.client().get<ApiErrorBody>('/api/me', bearer);
    expect(me.status).toBe(401);
    expect(me.body.error.message).toBe('The session of this JWT has ended');
  });

  it('refuses an expired link and a made-up token without a 500', async () => {
    const email = uniqueEmail('reset-expired');
    await signUpAndConfirm(world, email);
    const seen = world.smtp.mailsTo(email).length;
    await requestReset(email);
    const token = await tokenFromLink(linksIn((await world.smtp.nextMailTo(email, seen)).text)[0]!);
    await sql`update verification set "expiresAt" = now() - interval '1 second'
      where identifier = ${`reset-password:${token}`}`.execute(world.server.database.db);
    const expired = await world
      .client()
      .post<ApiErrorBody>('/api/auth/reset-password', { token, newPassword: 'too late now' });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('invalid_token');
    const madeUp = await world.client().post<ApiErrorBody>('/api/auth/reset-password', {
      token: 'x'.repeat(24),
      newPassword: 'whatever it is',
    });
    expect(madeUp.status).toBe(400);
    const missing = await world.client().post<ApiErrorBody>('/api/auth/reset-password', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).not.toBe('');
  });

  it('writes the reset mail in Nepali when asked in Nepali', async () => {
    const email = uniqueEmail('reset-ne');
    await signUpAndConfirm(world, email);
    const seen = world.smtp.mailsTo(email).length;
    await requestReset(email, { 'accept-language': 'ne' });
    const mail = await world.smtp.nextMailTo(email, seen);
    expect(mail.subject).toBe('आफ्नो सेवा पासवर्ड रिसेट गर्नुहोस्');
    expect(linksIn(mail.text)).toHaveLength(1);
  });

  it('answers the same when the mail server is down, for known and unknown addresses', async () => {
    const email = uniqueEmail('reset-smtp-down');
    await signUpAndConfirm(world, email);
    // A second server on the same database whose mail server refuses connections.
    const deadPort = await freePort();
    const second = await startSecondInstance(world, variant, {
      SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
    });
    try {
      const client = second.client();
      const known = await client.post('/api/auth/request-password-reset', {
        email,
        redirectTo: resetPage,
      });
      const unknown = await client.post('/api/auth/request-password-reset', {
        email: uniqueEmail('reset-nobody'),
        redirectTo: resetPage,
      });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
    } finally {
      await second.close();
    }
  });

  it('answers without waiting for a slow mail server', async () => {
    const email = uniqueEmail('reset-slow-smtp');
    await signUpAndConfirm(world, email);
    const slow = await startSmtpServer({ delayMs: 2_000 });
    const second = await startSecondInstance(world, variant, { SMTP_URL: slow.url });
    try {
      const started = performance.now();
      const answer = await second
        .client()
        .post('/api/auth/request-password-reset', { email, redirectTo: resetPage });
      const elapsed = performance.now() - started;
      expect(answer.status).toBe(200);
      expect(elapsed).toBeLessThan(1_500);
      const mail = await slow.nextMailTo(email, 0, 5_000);
      expect(linksIn(mail.text)).toHaveLength(1);
    } finally {
      await second.close();
      await slow.close();
    }
  });
});
