import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksIn } from '../support/smtp';
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

interface MeBody {
  user: { id: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean };
  role: string;
}

describe.each(databaseVariants)(
  'sign-up, confirmation and sign-in on the $name database',
  (variant) => {
    let world: AuthWorld;
    beforeAll(async () => {
      world = await startAuthWorld(variant);
    });
    afterAll(() => world.close());

    const signUp = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      world.client(headers).post<ApiErrorBody>('/api/auth/sign-up/email', { name: '', ...body });

    it('refuses a sign-up without an invitation code, whatever the client does', async () => {
      const email = uniqueEmail('nocode');
      for (const body of [
        { email, password },
        { email, password, inviteCode: '   ' },
      ]) {
        const answer = await signUp(body);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          error: {
            code: 'invitation_code_required',
            message: 'Please enter your invitation code.',
          },
        });
      }
      expect(world.smtp.mailsTo(email)).toHaveLength(0);
    });

    it('refuses a wrong invitation code', async () => {
      const email = uniqueEmail('wrongcode');
      const answer = await signUp({ email, password, inviteCode: 'PILOT-2025' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: { code: 'invitation_code_invalid', message: 'Invitation code is invalid.' },
      });
      const notText = await signUp({ email, password, inviteCode: 2026 });
      expect(notText.status).toBe(400);
      expect(notText.body.error.code).toBe('invitation_code_required');
      expect(world.smtp.mailsTo(email)).toHaveLength(0);
    });

    it('refuses a password under 8 characters with a clear message', async () => {
      const email = uniqueEmail('short');
      const answer = await signUp({ email, password: 'seven77', inviteCode });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: { code: 'password_too_short', message: 'Password must be at least 8 characters.' },
      });
      expect(world.smtp.mailsTo(email)).toHaveLength(0);
    });

    it('answers bad input with a 400 in the one error shape, never a 500', async () => {
      for (const body of [
        { password, inviteCode },
        { email: 'not-an-email', password, inviteCode },
        { email: uniqueEmail('nopass'), inviteCode },
        { email: ['a@example.com'], password, inviteCode },
      ]) {
        const answer = await signUp(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(answer.body)).toEqual(['error']);
        expect(typeof answer.body.error.code).toBe('string');
        expect(answer.body.error.message).not.toBe('');
      }
      const broken = await fetch(`${world.server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": ',
      });
      expect(broken.status).toBe(400);
      expect(((await broken.json()) as ApiErrorBody).error.code).toBe('bad_request');
    });

    it('takes the code in lower case with spaces, mails a confirmation, and signs in once confirmed', async () => {
      const email = uniqueEmail('sita');
      const browser = world.client();
      const created = await browser.post('/api/auth/sign-up/email', {
        email,
        password,
        name: '',
        inviteCode: `  ${inviteCode.toLowerCase()} `,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.setCookies.filter((line) => line.includes('session_token='))).toEqual([]);

      const mail = await world.smtp.nextMailTo(email, 0);
      expect(mail.subject).toBe('Confirm your Sewa account');
      expect(mail.text).toContain('Open this link to confirm your e-mail address:');
      const links = linksIn(mail.text);
      expect(links).toHaveLength(1);
      const link = new URL(links[0]!);
      expect(link.origin).toBe(world.server.url);
      expect(mail.html).toContain('href=');

      const early = await world.client().post<ApiErrorBody>('/api/auth/sign-in/email', {
        email,
        password,
      });
      expect(early.status).toBe(403);
      expect(early.body.error.code).toBe('email_not_verified');
      expect(early.setCookies.filter((line) => line.includes('session_token='))).toEqual([]);

      const opened = await world.client().get(link.toString());
      expect(opened.status).toBe(302);
      expect(new URL(opened.headers.get('location')!, world.server.url).origin).toBe(
        world.server.url,
      );

      const signIn = await browser.post('/api/auth/sign-in/email', {
        email: ` ${email} `,
        password,
      });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      const sessionCookie = signIn.setCookies.find((line) => line.includes('session_token='));
      expect(sessionCookie).toBeDefined();
      expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
      expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
      expect(sessionCookie).toMatch(/;\s*Path=\//i);

      const me = await browser.get<MeBody>('/api/me');
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ email, emailVerified: true, twoFactorEnabled: false });
      expect(me.body.role).toBe('patient');
      expect(me.headers.get('cache-control')).toBe('no-store');
    });

    it('writes the confirmation mail in Nepali when the app asks in Nepali', async () => {
      const email = uniqueEmail('ne');
      const answer = await signUp({ email, password, inviteCode }, { 'accept-language': 'ne' });
      expect(answer.status).toBe(200);
      const mail = await world.smtp.nextMailTo(email, 0);
      expect(mail.subject).toBe('आफ्नो सेवा खाता पुष्टि गर्नुहोस्');
      expect(mail.text).toContain('आफ्नो इमेल ठेगाना पुष्टि गर्न यो लिङ्क खोल्नुहोस्:');
      expect(linksIn(mail.text)).toHaveLength(1);
    });

    it('does not reveal an existing account at sign-up and does not create it twice', async () => {
      const email = uniqueEmail('twice');
      await signUpAndConfirm(world, email);
      const seen = world.smtp.mailsTo(email).length;
      const again = await signUp({ email, password: 'another password', inviteCode });
      // The same answer as for a new address.
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ token: null, user: { email, emailVerified: false } });
      const original = await world.client().post('/api/auth/sign-in/email', { email, password });
      expect(original.status).toBe(200);
      const takeover = await world
        .client()
        .post('/api/auth/sign-in/email', { email, password: 'another password' });
      expect(takeover.status).toBe(401);
      expect(world.smtp.mailsTo(email)).toHaveLength(seen);
    });

    it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
      const email = uniqueEmail('wrongpass');
      await signUpAndConfirm(world, email);
      const wrong = await world
        .client()
        .post<ApiErrorBody>('/api/auth/sign-in/email', { email, password: 'not the password' });
      const unknown = await world.client().post<ApiErrorBody>('/api/auth/sign-in/email', {
        email: uniqueEmail('nobody'),
        password: 'not the password',
      });
      for (const answer of [wrong, unknown]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({
          error: { code: 'invalid_email_or_password', message: 'Invalid email or password' },
        });
      }
    });

    it('a confirmation link confirms once, signs nobody in, and a forged one is refused', async () => {
      const email = uniqueEmail('confirm-once');
      const seen = world.smtp.mailsTo(email).length;
      await signUp({ email, password, inviteCode });
      const [link] = linksIn((await world.smtp.nextMailTo(email, seen)).text);
      for (let i = 0; i < 2; i += 1) {
        // Opening it again changes nothing.
        const opened = await world.client().get(link!);
        expect(opened.status).toBe(302);
        expect(new URL(opened.headers.get('location')!, world.server.url).toString()).toBe(
          `${world.server.url}/`,
        );
        expect(opened.setCookies.some((line) => /session_token=[^;]/.test(line))).toBe(false);
      }

      const forged = new URL(link!);
      forged.searchParams.set('token', 'forged.token.value');
      const answer = await world.client().get(forged.toString());
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toMatch(/error=INVALID_TOKEN/);
    });

    it('sends nobody to another site from a mailed link', async () => {
      const email = uniqueEmail('redirect');
      const answer = await world.client().post<ApiErrorBody>('/api/auth/sign-up/email', {
        email,
        password,
        name: '',
        inviteCode,
        callbackURL: 'https://evil.example/phish',
      });
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('invalid_callback_url');
      const reset = await world.client().post<ApiErrorBody>('/api/auth/request-password-reset', {
        email,
        redirectTo: 'https://evil.example/phish',
      });
      expect(reset.status).toBe(403);
      expect(reset.body.error.code).toBe('invalid_redirect_url');
      expect(world.smtp.mailsTo(email)).toHaveLength(0);
    });

    it('never lets a patient set their own role', async () => {
      const email = uniqueEmail('role');
      await signUpAndConfirm(world, email);
      const patient = await signedIn(world, email);
      const attempts = [
        ['/api/auth/update-user', { role: 'doctor' }],
        ['/api/auth/update-user', { name: 'Sita', role: 'superadmin' }],
        ['/api/auth/update-user', { profile: { role: 'admin' } }],
      ] as const;
      for (const [path, body] of attempts) {
        const answer = await patient.post(path, body);
        expect(answer.status).toBeLessThan(500);
      }
      const me = await patient.get<MeBody>('/api/me');
      expect(me.body.role).toBe('patient');

      const roleEmail = uniqueEmail('signup-role');
      const withRole = await world.client().post<ApiErrorBody>('/api/auth/sign-up/email', {
        email: roleEmail,
        password,
        name: '',
        inviteCode,
        role: 'admin',
      });
      // Accepted, without the role.
      expect(withRole.status).toBe(200);
      const [link] = linksIn((await world.smtp.nextMailTo(roleEmail, 0)).text);
      expect((await world.client().get(link!)).status).toBe(302);
      const signedUp = await signedIn(world, roleEmail);
      expect((await signedUp.get<MeBody>('/api/me')).body.role).toBe('patient');
    });

    it('signs out on the server: the old cookie no longer works', async () => {
      const email = uniqueEmail('signout');
      await signUpAndConfirm(world, email);
      const browser = await signedIn(world, email);
      const stolen = browser.copy();
      expect((await stolen.get('/api/me')).status).toBe(200);
      const out = await browser.post('/api/auth/sign-out', {});
      expect(out.status).toBe(200);
      expect((await browser.get('/api/me')).status).toBe(401);
      const replay = await stolen.get<ApiErrorBody>('/api/me');
      expect(replay.status).toBe(401);
      expect(replay.body.error.code).toBe('unauthorized');
    });

    it('refuses a cookie-carrying write from another site', async () => {
      const email = uniqueEmail('csrf');
      await signUpAndConfirm(world, email);
      const browser = await signedIn(world, email);
      const forged = await browser.post<ApiErrorBody>(
        '/api/auth/update-user',
        { name: 'Mallory' },
        { headers: { origin: 'https://evil.example' } },
      );
      expect(forged.status).toBe(403);
      expect(forged.body.error.code).toBe('origin_refused');
    });
  },
);
