import { createHash } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksIn } from '../support/smtp';
import { databaseVariants } from '../support/test-server';
import type { Answer, Client } from './client';
import { inviteCode, password, startAuthWorld, uniqueEmail, type AuthWorld } from './fixture';

/** Where the web app asks the confirmation link to land (`web/src/features/auth/api/confirmation-landing.ts`). */
const landing = '/login?confirmed=1';

const hasSession = (answer: Answer) =>
  answer.setCookies.some((line) => /session_token=[^;]/.test(line));

describe.each(databaseVariants)(
  'where the confirmation link lands, on the $name database',
  (variant) => {
    let world: AuthWorld;
    beforeAll(async () => {
      world = await startAuthWorld(variant);
    });
    afterAll(() => world.close());

    /** Signs up as the web app does, from `browser`, and returns the mailed link. */
    async function signUpForLink(browser: Client, email: string): Promise<string> {
      const seen = world.smtp.mailsTo(email).length;
      const answer = await browser.post('/api/auth/sign-up/email', {
        email,
        password,
        name: '',
        inviteCode,
        callbackURL: landing,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [link] = linksIn((await world.smtp.nextMailTo(email, seen)).text);
      return link!;
    }

    const landed = (answer: Answer) => {
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location')!, world.server.url);
      expect(location.origin).toBe(world.server.url);
      return `${location.pathname}${location.search}`;
    };

    const signInStatus = async (email: string) =>
      (await world.client().post('/api/auth/sign-in/email', { email, password })).status;

    it('confirms and lands on the sign-in page, signed out, even in the browser that signed up; again it changes nothing', async () => {
      const email = uniqueEmail('landing');
      const browser = world.client();
      const link = await signUpForLink(browser, email);

      for (let i = 0; i < 2; i += 1) {
        const opened = await browser.get(link);
        expect(landed(opened)).toBe(landing);
        expect(hasSession(opened)).toBe(false);
        expect((await browser.get('/api/me')).status).toBe(401);
      }
      // Confirmed: the password signs in now.
      expect(await signInStatus(email)).toBe(200);
    });

    it('sends a superseded link to the sign-in page refused, confirming nothing and signing nobody in', async () => {
      const email = uniqueEmail('superseded');
      const browser = world.client();
      const first = await signUpForLink(browser, email);
      const second = await signUpForLink(browser, email);

      const opened = await browser.get(first);
      expect(landed(opened)).toBe(`${landing}&error=INVALID_TOKEN`);
      expect(hasSession(opened)).toBe(false);
      expect((await browser.get('/api/me')).status).toBe(401);
      expect(await signInStatus(email)).toBe(403);

      expect(landed(await browser.get(second))).toBe(landing);
      expect(await signInStatus(email)).toBe(200);
    });

    it('sends an expired link to the sign-in page refused, confirming nothing and signing nobody in', async () => {
      const email = uniqueEmail('expired');
      const browser = world.client();
      const link = new URL(await signUpForLink(browser, email));
      // The account's newest link, as the server mails them, but signed a minute past its end.
      const token = await createEmailVerificationToken(
        world.server.config.authSecret,
        email,
        undefined,
        -60,
        { jti: crypto.randomUUID() },
      );
      const { db } = world.server.database;
      const user = await db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('confirmation_links')
        .set({ token_hash: createHash('sha256').update(token).digest('base64url') })
        .where('user_id', '=', user.id)
        .execute();
      link.searchParams.set('token', token);

      const opened = await browser.get(link.toString());
      expect(landed(opened)).toBe(`${landing}&error=TOKEN_EXPIRED`);
      expect(hasSession(opened)).toBe(false);
      expect((await browser.get('/api/me')).status).toBe(401);
      expect(await signInStatus(email)).toBe(403);
    });
  },
);
