import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CareCircle, CaredFor, InvitationPreview } from '@shared/care-circle';
import type { Client } from '../auth/client';
import {
  inviteCode,
  password,
  signUpAndConfirm,
  signedIn,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from '../auth/fixture';
import { linksIn } from '../support/smtp';
import { circlePatient, mailedInvitation } from './fixture';
import { databaseVariants } from '../support/test-server';

const readOnly = { record: true, message: false, visits: false };

describe.each(databaseVariants)('care-circle invitations on the $name database', (variant) => {
  let world: AuthWorld;

  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(async () => {
    await world.close();
  });

  const patient = () => circlePatient(world);

  /** Invites `email` and reads the link's token from the mail it was sent. */
  const invite = (from: Client, email: string, permissions = readOnly) =>
    mailedInvitation(world, from, email, {
      path: '/api/care-circle/invitations',
      body: { email, relationship: 'son', permissions },
    });

  it('mails a link valid seven days that a new person signs up through and accepts', async () => {
    const sita = await patient();
    const hariEmail = uniqueEmail('hari');
    const { invitation, token, mail } = await invite(sita.client, hariEmail);
    expect(mail.subject).toContain('Sita Sharma');
    // Never a health detail in the mail: who invites, and the link.
    expect(mail.text).not.toMatch(/record|vitals|medic/i);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / (24 * 60 * 60_000);
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const preview = await world.client().get<InvitationPreview>(`/api/care-invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      patientName: 'Sita Sharma',
      email: hariEmail,
      relationship: 'son',
      permissions: readOnly,
    });

    // The link's token stands in for the invitation code, for the invited address only.
    const elsewhere = await world.client().post('/api/auth/sign-up/email', {
      email: uniqueEmail('stranger'),
      password,
      name: '',
      inviteCode: token,
    });
    expect(elsewhere.status).toBe(400);
    const signUp = await world.client().post('/api/auth/sign-up/email', {
      email: hariEmail,
      password,
      name: '',
      inviteCode: token.toLowerCase(),
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    // Not confirmed yet: nothing granted, the invitation still waits in her circle.
    expect(await grantsOf(hariEmail)).toBe(0);
    expect((await sita.client.get<CareCircle>('/api/care-circle')).body.invitations).toHaveLength(
      1,
    );
    await confirm(hariEmail);

    // Confirming the address accepted the invitation the sign-up came through.
    const hari = await signedIn(world, hariEmail);
    expect((await hari.get<CaredFor[]>('/api/caring-for')).body).toEqual([
      expect.objectContaining({
        name: 'Sita Sharma',
        relationship: 'son',
        permissions: readOnly,
        guardian: false,
      }),
    ]);

    // Used once: a replay, by anyone, finds nothing.
    const replay = await hari.post(`/api/care-invitations/${token}/accept`);
    expect(replay.status).toBe(404);
    expect((await world.client().get(`/api/care-invitations/${token}`)).status).toBe(404);

    const circle = await sita.client.get<CareCircle>('/api/care-circle');
    expect(circle.body.invitations).toEqual([]);
    expect(circle.body.caregivers).toEqual([
      expect.objectContaining({ email: hariEmail, relationship: 'son', permissions: readOnly }),
    ]);
  });

  /** How many grants the account with this address holds of anyone's. */
  const grantsOf = async (email: string) => {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count
      from care_grants g join "user" u on u.id = g.caregiver_id
      where u.email = ${email}`.execute(world.server.database.db);
    return rows[0]!.count;
  };

  /** Opens the latest confirmation link mailed to `email`. */
  const confirm = async (email: string) => {
    const confirmation = await vi.waitFor(
      () => {
        const mails = world.smtp.mailsTo(email).filter((mail) => /confirm/i.test(mail.subject));
        if (mails.length === 0) throw new Error(`no confirmation mailed to ${email} yet`);
        return mails.at(-1)!;
      },
      { timeout: 5_000 },
    );
    const confirmed = await world.client().get(linksIn(confirmation.text)[0]!);
    expect(confirmed.status).toBe(302);
  };

  /** A sign-up of `email` with `code` (an invitation's token or the pilot's code). */
  const signUpWith = async (email: string, code: string) => {
    const seen = world.smtp.mailsTo(email).length;
    const answer = await world.client().post('/api/auth/sign-up/email', {
      email,
      password,
      name: '',
      inviteCode: code,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await world.smtp.nextMailTo(email, seen);
  };

  it('gives a sign-up through a link nothing when the invitation was cancelled or ran out before the address was confirmed', async () => {
    const sita = await patient();

    const cancelledEmail = uniqueEmail('cancelled');
    const cancelled = await invite(sita.client, cancelledEmail);
    await signUpWith(cancelledEmail, cancelled.token);
    const cancel = await sita.client.call(
      'DELETE',
      `/api/care-circle/invitations/${cancelled.invitation.id}`,
    );
    expect(cancel.status).toBe(204);
    await confirm(cancelledEmail);
    expect(await grantsOf(cancelledEmail)).toBe(0);

    const lateEmail = uniqueEmail('late');
    const late = await invite(sita.client, lateEmail);
    await signUpWith(lateEmail, late.token);
    await sql`update care_invitations set expires_at = now() - interval '1 second'
      where id = ${late.invitation.id}`.execute(world.server.database.db);
    await confirm(lateEmail);
    expect(await grantsOf(lateEmail)).toBe(0);

    // A link replaced by a newer invitation to the same address opens no sign-up at all.
    const replacedEmail = uniqueEmail('replaced');
    const first = await invite(sita.client, replacedEmail);
    await invite(sita.client, replacedEmail);
    const refused = await world.client().post('/api/auth/sign-up/email', {
      email: replacedEmail,
      password,
      name: '',
      inviteCode: first.token,
    });
    expect(refused.status).toBe(400);

    expect((await sita.client.get<CareCircle>('/api/care-circle')).body.caregivers).toEqual([]);
  });

  it("accepts only through the account's latest sign-up, for the address it was sent to, and never for a confirmed account signing up again", async () => {
    const sita = await patient();

    // Someone signs up through the link, then the owner of the address signs up again with
    // the pilot's code: the latest sign-up decides, and it came through no invitation.
    const retriedEmail = uniqueEmail('retried');
    const retried = await invite(sita.client, retriedEmail);
    await signUpWith(retriedEmail, retried.token);
    await signUpWith(retriedEmail, inviteCode);
    await confirm(retriedEmail);
    expect(await grantsOf(retriedEmail)).toBe(0);
    // The invitation is still there to accept by choice.
    const chosen = await (
      await signedIn(world, retriedEmail)
    ).post(`/api/care-invitations/${retried.token}/accept`);
    expect(chosen.status).toBe(200);

    // A confirmed account's sign-up through a link (as if new) grants nothing: it accepts by
    // signing in, as the link's page offers.
    const knownEmail = uniqueEmail('known');
    await signUpAndConfirm(world, knownEmail);
    const known = await invite(sita.client, knownEmail);
    const again = await world.client().post('/api/auth/sign-up/email', {
      email: knownEmail,
      password: 'another-pass-2026',
      name: '',
      inviteCode: known.token,
    });
    expect(again.status).toBe(200);
    expect(await grantsOf(knownEmail)).toBe(0);

    // The link is the invited address's only: a sign-up under another one is refused, and
    // confirming that address gives nothing.
    const otherEmail = uniqueEmail('other');
    const other = await invite(sita.client, uniqueEmail('meant'));
    const elsewhere = await world.client().post('/api/auth/sign-up/email', {
      email: otherEmail,
      password,
      name: '',
      inviteCode: other.token,
    });
    expect(elsewhere.status).toBe(400);
    expect(await grantsOf(otherEmail)).toBe(0);
  });

  it('refuses an expired link, a cancelled one, and an account it was not sent to', async () => {
    const sita = await patient();
    const invited = uniqueEmail('invited');
    await signUpAndConfirm(world, invited);
    const invitedClient = await signedIn(world, invited);

    const expired = await invite(sita.client, invited);
    await sql`update care_invitations set expires_at = now() - interval '1 second'
      where id = ${expired.invitation.id}`.execute(world.server.database.db);
    const late = await invitedClient.post(`/api/care-invitations/${expired.token}/accept`);
    expect(late.status).toBe(404);
    expect(late.body).toEqual({
      error: { code: 'not_found', message: 'This invitation has expired or is no longer valid' },
    });

    const cancelled = await invite(sita.client, invited);
    const cancel = await sita.client.call(
      'DELETE',
      `/api/care-circle/invitations/${cancelled.invitation.id}`,
    );
    expect(cancel.status).toBe(204);
    expect(
      (await invitedClient.post(`/api/care-invitations/${cancelled.token}/accept`)).status,
    ).toBe(404);

    const open = await invite(sita.client, invited);
    const someoneElse = uniqueEmail('someone');
    await signUpAndConfirm(world, someoneElse);
    const wrong = await (
      await signedIn(world, someoneElse)
    ).post(`/api/care-invitations/${open.token}/accept`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: {
        code: 'bad_request',
        message: 'This invitation was sent to another email address',
      },
    });
    // Still open for the one it was sent to.
    expect((await invitedClient.post(`/api/care-invitations/${open.token}/accept`)).status).toBe(
      200,
    );

    // A new invitation to the same address replaces a pending one; a caregiver is not invited twice.
    const again = await sita.client.post('/api/care-circle/invitations', {
      email: invited,
      relationship: 'son',
      permissions: readOnly,
    });
    expect(again.status).toBe(409);
  });

  it('answers a bent token and bad input with a clear 4xx', async () => {
    const sita = await patient();
    for (const token of ['short', 'A'.repeat(52) + 'A', '1'.repeat(52), '../../etc']) {
      const answer = await world.client().get(`/api/care-invitations/${encodeURIComponent(token)}`);
      expect(answer.status, token).toBe(404);
    }
    const none = await sita.client.post('/api/care-circle/invitations', {
      email: uniqueEmail('nobody'),
      relationship: 'son',
      permissions: { record: false, message: false, visits: false },
    });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: { code: 'validation_failed', message: 'Please choose at least one permission' },
    });
    const self = await sita.client.post('/api/care-circle/invitations', {
      email: sita.email,
      relationship: 'other',
      permissions: readOnly,
    });
    expect(self.status).toBe(400);
    const relationship = await sita.client.post('/api/care-circle/invitations', {
      email: uniqueEmail('x'),
      relationship: 'neighbour',
      permissions: readOnly,
    });
    expect(relationship.body).toEqual({
      error: { code: 'validation_failed', message: 'Please choose a relationship' },
    });
  });
});
