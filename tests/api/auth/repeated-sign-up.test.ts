import { randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksIn } from '../support/smtp';
import { databaseVariants } from '../support/test-server';
import type { ApiErrorBody } from './client';
import {
  inviteCode,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from './fixture';

const attackerPassword = 'attacker chose this';
const victimPassword = 'victim chose this';

interface SignUpAnswer {
  token: null;
  user: Record<string, unknown>;
}

describe.each(databaseVariants)(
  'a repeated sign-up for an unconfirmed address on the $name database',
  (variant) => {
    let world: AuthWorld;
    beforeAll(async () => {
      world = await startAuthWorld(variant);
    });
    afterAll(() => world.close());

    const signUp = (email: string, password: string, headers: Record<string, string> = {}) =>
      world
        .client(headers)
        .post<SignUpAnswer>('/api/auth/sign-up/email', { email, password, name: '', inviteCode });

    /** Signs up and returns the link of the confirmation mail this sign-up sent. */
    async function signUpForLink(email: string, password: string): Promise<string> {
      const seen = world.smtp.mailsTo(email).length;
      const answer = await signUp(email, password);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [link] = linksIn((await world.smtp.nextMailTo(email, seen)).text);
      return link!;
    }

    async function resendForLink(email: string): Promise<string> {
      const seen = world.smtp.mailsTo(email).length;
      const answer = await world.client().post('/api/auth/send-verification-email', { email });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [link] = linksIn((await world.smtp.nextMailTo(email, seen)).text);
      return link!;
    }

    /** Opens a link: true when it confirmed (or found confirmed), false when refused as invalid. */
    async function opens(link: string): Promise<boolean> {
      const answer = await world.client().get(link);
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location')!, world.server.url);
      if (location.searchParams.get('error') === 'INVALID_TOKEN') return false;
      expect(location.toString()).toBe(`${world.server.url}/`);
      return true;
    }

    const signInStatus = async (email: string, password: string) =>
      (await world.client().post('/api/auth/sign-in/email', { email, password })).status;

    it('takes over the credentials of an earlier unconfirmed sign-up: only the owner’s link and password work', async () => {
      const email = uniqueEmail('victim');
      const attackersLink = await signUpForLink(email, attackerPassword);
      const victimsLink = await signUpForLink(email, victimPassword);

      expect(await opens(attackersLink)).toBe(false);
      expect(await signInStatus(email, attackerPassword)).toBe(401);
      expect(await signInStatus(email, victimPassword)).toBe(403);

      expect(await opens(victimsLink)).toBe(true);
      expect(await signInStatus(email, victimPassword)).toBe(200);
      expect(await signInStatus(email, attackerPassword)).toBe(401);
    });

    it('lets only the newest link work: a later sign-up voids the link of an earlier one', async () => {
      const email = uniqueEmail('newest');
      const firstLink = await signUpForLink(email, victimPassword);
      const secondLink = await signUpForLink(email, attackerPassword);

      expect(await opens(firstLink)).toBe(false);
      expect(await signInStatus(email, victimPassword)).toBe(401);
      expect(await opens(secondLink)).toBe(true);
      expect(await signInStatus(email, attackerPassword)).toBe(200);
      expect(await signInStatus(email, victimPassword)).toBe(401);
    });

    it('a resend voids the links mailed before it, and its own link confirms the pending password', async () => {
      const email = uniqueEmail('resend');
      const signUpLink = await signUpForLink(email, victimPassword);
      const firstResend = await resendForLink(email);
      const secondResend = await resendForLink(email);

      expect(await opens(signUpLink)).toBe(false);
      expect(await opens(firstResend)).toBe(false);
      expect(await signInStatus(email, victimPassword)).toBe(403);
      expect(await opens(secondResend)).toBe(true);
      expect(await signInStatus(email, victimPassword)).toBe(200);
    });

    it('confirms nothing with a link mailed before the latest-link rule', async () => {
      const email = uniqueEmail('old-link');
      const current = await signUpForLink(email, victimPassword);
      // A token as the account system signed them all along, never recorded as mailed.
      const token = await createEmailVerificationToken(
        world.server.config.authSecret,
        email,
        undefined,
        3600,
      );
      const old = new URL(current);
      old.searchParams.set('token', token);
      expect(await opens(old.toString())).toBe(false);
      expect(await signInStatus(email, victimPassword)).toBe(403);
      expect(await opens(current)).toBe(true);
    });

    it('answers alike for a new, an unconfirmed and a confirmed address, and mails only where something changed', async () => {
      const fresh = uniqueEmail('fresh');
      const pending = uniqueEmail('pending');
      const confirmed = uniqueEmail('confirmed');
      await signUp(pending, attackerPassword);
      await world.smtp.nextMailTo(pending, 0);
      await signUpAndConfirm(world, confirmed, victimPassword);
      const before = {
        pending: world.smtp.mailsTo(pending).length,
        confirmed: world.smtp.mailsTo(confirmed).length,
      };

      const answers = await Promise.all(
        [fresh, pending, confirmed].map((email) => signUp(email, 'a brand new password')),
      );
      const shape = (answer: (typeof answers)[number]) => ({
        status: answer.status,
        token: answer.body.token,
        keys: Object.keys(answer.body.user).sort(),
        emailVerified: answer.body.user.emailVerified,
      });
      expect(shape(answers[1]!)).toEqual(shape(answers[0]!));
      expect(shape(answers[2]!)).toEqual(shape(answers[0]!));
      expect(answers.map((answer) => answer.body.user.email)).toEqual([fresh, pending, confirmed]);

      await world.smtp.nextMailTo(fresh, 0);
      await world.smtp.nextMailTo(pending, before.pending);
      // The confirmed account keeps its password and gets no mail.
      expect(await signInStatus(confirmed, victimPassword)).toBe(200);
      expect(await signInStatus(confirmed, 'a brand new password')).toBe(401);
      expect(world.smtp.mailsTo(confirmed)).toHaveLength(before.confirmed);
    });

    /** What makes an unconfirmed account someone's, as a family member's account is. */
    const ties: [string, (id: string, other: string) => Promise<unknown>][] = [
      [
        'a profile',
        (id) =>
          sql`insert into profiles (id, first_name, role, date_system)
            values (${id}, 'Maya', 'patient', 'ad')`.execute(world.server.database.db),
      ],
      [
        'a guardian',
        (id, other) =>
          sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
              may_message, may_visits, guardian)
            values (${randomUUID()}, ${id}, ${other}, 'daughter', true, true, true, true)`.execute(
            world.server.database.db,
          ),
      ],
      [
        'a grant to care for someone',
        (id, other) =>
          sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
              may_message, may_visits)
            values (${randomUUID()}, ${other}, ${id}, 'sibling', true, false, false)`.execute(
            world.server.database.db,
          ),
      ],
    ];

    it.each(ties)(
      'leaves an unconfirmed account that has %s as it is, answering as for any address',
      async (_, tie) => {
        const email = uniqueEmail('tied');
        await signUpForLink(email, victimPassword);
        const other = uniqueEmail('other');
        await signUpAndConfirm(world, other);
        const ids = await sql<{ id: string; email: string }>`
          select id, email from "user" where email in (${email}, ${other})`.execute(
          world.server.database.db,
        );
        const idOf = (address: string) => ids.rows.find((row) => row.email === address)!.id;
        await tie(idOf(email), idOf(other));
        const mailed = world.smtp.mailsTo(email).length;

        const again = await signUp(email, attackerPassword);
        expect(again.status).toBe(200);
        expect(again.body.user.email).toBe(email);
        // Its password is still the first one (unconfirmed: 403), and no link was mailed.
        expect(await signInStatus(email, victimPassword)).toBe(403);
        expect(await signInStatus(email, attackerPassword)).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(world.smtp.mailsTo(email)).toHaveLength(mailed);
      },
    );

    it('two sign-ups at once: the link that works confirms the password of the same sign-up', async () => {
      for (const round of [0, 1]) {
        const email = uniqueEmail('race');
        await signUpForLink(email, 'the first pending one');
        const seen = world.smtp.mailsTo(email).length;
        // Told apart by the language of their mails.
        const [english, nepali] = await Promise.all([
          signUp(email, victimPassword, { 'accept-language': 'en' }),
          signUp(email, attackerPassword, { 'accept-language': 'ne' }),
        ]);
        expect([english.status, nepali.status]).toEqual([200, 200]);
        await world.smtp.nextMailTo(email, seen + 1);
        const mails = world.smtp.mailsTo(email).slice(seen);
        const linkOf = (subject: RegExp) =>
          linksIn(mails.find((mail) => subject.test(mail.subject))!.text)[0]!;
        const victimsLink = linkOf(/Confirm/);
        const attackersLink = linkOf(/पुष्टि/);

        // The one opened first either confirms (then the other no longer matters) or is
        // refused, and then the other one must confirm.
        const sides = [
          { link: victimsLink, password: victimPassword },
          { link: attackersLink, password: attackerPassword },
        ];
        const [first, second] = round === 0 ? sides : sides.reverse();
        const winner = (await opens(first!.link)) ? first! : second!;
        if (winner === second) expect(await opens(second.link)).toBe(true);
        const loser = winner === first ? second! : first!;
        expect(await signInStatus(email, winner.password)).toBe(200);
        expect(await signInStatus(email, loser.password)).toBe(401);
      }
    });

    it('a refused link without a callback answers like any invalid token', async () => {
      const email = uniqueEmail('no-callback');
      const first = new URL(await signUpForLink(email, attackerPassword));
      await signUpForLink(email, victimPassword);
      first.searchParams.delete('callbackURL');
      const answer = await world.client().get<ApiErrorBody>(first.toString());
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: { code: 'invalid_token', message: 'Invalid token' } });
    });
  },
);
