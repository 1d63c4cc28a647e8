import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actingForHeader,
  type CareCircle,
  type CaredFor,
  type InvitationPreview,
} from '@shared/care-circle';
import type { VitalsReading } from '@shared/vitals';
import { Client } from '../auth/client';
import {
  password,
  signUpAndConfirm,
  signedIn,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from '../auth/fixture';
import { addChild, circlePatient, claimLogin, inviteLogin as inviteLoginAt } from './fixture';
import { databaseVariants } from '../support/test-server';
import { usersRepository } from '../../../server/src/auth/users-repository';

const everything = { record: true, message: true, visits: true };
const reading = () => ({ id: randomUUID(), heartRate: 72, takenAt: new Date().toISOString() });
const gone = {
  error: { code: 'not_found', message: 'This invitation has expired or is no longer valid' },
};

describe.each(databaseVariants)('a dependent’s own login on the $name database', (variant) => {
  let world: AuthWorld;

  beforeAll(async () => {
    world = await startAuthWorld(variant);
  });
  afterAll(async () => {
    await world.close();
  });

  const db = () => world.server.database.db;

  const patient = (first = 'Sita') => circlePatient(world, first, 'female');

  /** The person's session, naming the patient they act for on every call. */
  function actingFor(who: Client, patientId: string): Client {
    const client = new Client(world.server.url, { [actingForHeader]: patientId });
    who.cookies.forEach((value, name) => client.cookies.set(name, value));
    return client;
  }

  const inviteLogin = (guardian: Client, dependentId: string, email: string) =>
    inviteLoginAt(world, guardian, dependentId, email);

  const claim = (token: string, secret = password) => claimLogin(world, token, secret);

  async function accountOf(id: string) {
    const user = await sql<{ email: string; emailVerified: boolean }>`
      select email, "emailVerified" from "user" where id = ${id}`.execute(db());
    const credentials = await sql<{ n: string | number }>`
      select count(*) as n from account where "userId" = ${id}`.execute(db());
    const grant = await sql<{ guardian: boolean }>`
      select guardian from care_grants where patient_id = ${id}`.execute(db());
    return {
      ...user.rows[0]!,
      credentials: Number(credentials.rows[0]!.n),
      guardian: grant.rows[0]?.guardian,
    };
  }

  it('lets the guardian mail a login that the dependent claims, then owns her record', async () => {
    const sita = await patient();
    const maya = await addChild(sita.client);
    const asMaya = actingFor(sita.client, maya.id);
    const vital = reading();
    expect((await asMaya.post(`/api/patients/${maya.id}/vitals`, vital)).status).toBe(201);

    // The address as typed; the login takes it in lower case.
    const typed = uniqueEmail('maya').replace('maya', 'Maya');
    const mayaEmail = typed.toLowerCase();
    const { invitation, token, mail } = await inviteLogin(sita.client, maya.id, typed);
    expect(invitation).toMatchObject({ dependentId: maya.id, email: typed });
    expect(mail.subject).toContain('Sita Sharma');
    expect(mail.text).not.toMatch(/record|vital|medic|heart/i);
    const circle = await sita.client.get<CareCircle>('/api/care-circle');
    expect(circle.body.invitations).toEqual([
      expect.objectContaining({ id: invitation.id, dependentId: maya.id }),
    ]);

    const preview = await world.client().get<InvitationPreview>(`/api/care-invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ kind: 'login', patientName: 'Maya Sharma', email: typed });
    // A login's link is no invitation to care, nor an invitation code for signing up.
    expect((await sita.client.post(`/api/care-invitations/${token}/accept`)).body).toEqual(gone);
    const signUp = await world.client().post('/api/auth/sign-up/email', {
      email: mayaEmail,
      password,
      name: '',
      inviteCode: token,
    });
    expect(signUp.status).toBe(400);

    // The sign-up page's rules.
    const short = await claim(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      error: { code: 'validation_failed', message: 'password_too_short' },
    });

    const claimed = await claim(token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toEqual({ email: mayaEmail });
    expect(await accountOf(maya.id)).toEqual({
      email: mayaEmail,
      emailVerified: true,
      credentials: 1,
      guardian: false,
    });

    // Used once.
    expect((await claim(token)).body).toEqual(gone);
    expect((await world.client().get(`/api/care-invitations/${token}`)).status).toBe(404);

    // She signs in and sees her own record, and her care circle lists her parent.
    const mayaClient = await signedIn(world, mayaEmail);
    const me = await mayaClient.get<{ user: { id: string } }>('/api/me');
    expect(me.body.user.id).toBe(maya.id);
    const vitals = await mayaClient.get<VitalsReading[]>(`/api/patients/${maya.id}/vitals`);
    expect(vitals.status).toBe(200);
    expect(vitals.body.map((each) => each.id)).toContain(vital.id);
    const own = await mayaClient.get<CareCircle>('/api/care-circle');
    expect(own.status).toBe(200);
    expect(own.body.caregivers).toEqual([
      expect.objectContaining({
        personId: sita.id,
        name: 'Sita Sharma',
        relationship: 'parent',
        permissions: everything,
      }),
    ]);

    // The guardian reads and keeps what was granted, but no longer adds to her record.
    expect((await asMaya.post(`/api/patients/${maya.id}/vitals`, reading())).status).toBe(404);
    expect((await asMaya.get(`/api/patients/${maya.id}/vitals`)).status).toBe(200);
    expect((await asMaya.post('/api/messaging/care-team')).status).toBeLessThan(300);
    const caring = await sita.client.get<CaredFor[]>('/api/caring-for');
    expect(caring.body).toEqual([
      expect.objectContaining({ patientId: maya.id, name: 'Maya Sharma', guardian: false }),
    ]);
    const after = await sita.client.get<CareCircle>('/api/care-circle');
    expect(after.body.dependents).toEqual([]);
    expect(after.body.invitations).toEqual([]);

    // Maya decides now: she narrows what her parent may do.
    const grantId = own.body.caregivers[0]!.id;
    const narrowed = await mayaClient.call('PATCH', `/api/care-circle/caregivers/${grantId}`, {
      permissions: { record: true, message: false, visits: false },
    });
    expect(narrowed.status).toBe(200);
    expect((await asMaya.post('/api/messaging/care-team')).status).toBeGreaterThanOrEqual(400);

    // Both people are in the trail.
    const trail = await sql<{
      type: string;
      agent_id: string;
      subject_id: string;
      detail: string | Record<string, unknown>;
    }>`select type, agent_id, subject_id, detail from audit_events
      where type in ('dependent-login-invited', 'dependent-login-claimed')
        and subject_id = ${maya.id} order by id`.execute(db());
    const detail = (raw: string | Record<string, unknown>) =>
      typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : raw;
    expect(trail.rows.map((row) => ({ ...row, detail: detail(row.detail) }))).toEqual([
      {
        type: 'dependent-login-invited',
        agent_id: sita.id,
        subject_id: maya.id,
        detail: { guardian: sita.id },
      },
      {
        type: 'dependent-login-claimed',
        agent_id: maya.id,
        subject_id: maya.id,
        detail: { guardian: sita.id },
      },
    ]);
  });

  it('refuses an address that has an account when claimed, changing nothing', async () => {
    const sita = await patient();
    const maya = await addChild(sita.client);
    const taken = uniqueEmail('taken');
    await signUpAndConfirm(world, taken);
    // Sending says nothing of the address: the same answer as for any other.
    const { token, invitation } = await inviteLogin(sita.client, maya.id, taken);
    const before = await accountOf(maya.id);

    const refused = await claim(token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'conflict', message: 'This email address already has a Sewa account' },
    });
    expect(await accountOf(maya.id)).toEqual(before);
    expect(before).toMatchObject({ credentials: 0, guardian: true, emailVerified: false });
    const circle = await sita.client.get<CareCircle>('/api/care-circle');
    expect(circle.body.invitations.map((each) => each.id)).toEqual([invitation.id]);
    expect(circle.body.dependents.map((each) => each.id)).toEqual([maya.id]);
    const claims = await sql`select id from audit_events
      where type = 'dependent-login-claimed' and subject_id = ${maya.id}`.execute(db());
    expect(claims.rows).toEqual([]);
    // Taken between the check and the write (two claims at once): still no account changes.
    expect(await usersRepository(db()).giveDependentLogin(maya.id, taken, 'hash')).toBe(
      'address-taken',
    );
    expect(await accountOf(maya.id)).toEqual(before);
  });

  it('answers an expired or replaced link as gone', async () => {
    const sita = await patient();
    const maya = await addChild(sita.client);
    const first = await inviteLogin(sita.client, maya.id, uniqueEmail('maya'));
    // A new invitation for her replaces the pending one.
    const second = await inviteLogin(sita.client, maya.id, uniqueEmail('maya'));
    expect((await claim(first.token)).body).toEqual(gone);
    const circle = await sita.client.get<CareCircle>('/api/care-circle');
    expect(circle.body.invitations.map((each) => each.id)).toEqual([second.invitation.id]);

    await sql`update care_invitations set expires_at = now() - interval '1 second'
      where id = ${second.invitation.id}`.execute(db());
    const late = await claim(second.token);
    expect(late.status).toBe(404);
    expect(late.body).toEqual(gone);
    expect(await accountOf(maya.id)).toMatchObject({ credentials: 0, guardian: true });

    // Cancelled like the others.
    const third = await inviteLogin(sita.client, maya.id, uniqueEmail('maya'));
    const cancel = await sita.client.call(
      'DELETE',
      `/api/care-circle/invitations/${third.invitation.id}`,
    );
    expect(cancel.status).toBe(204);
    expect((await claim(third.token)).body).toEqual(gone);
  });

  it('lets only the guardian, as herself, send it', async () => {
    const sita = await patient();
    const maya = await addChild(sita.client);
    const path = `/api/care-circle/dependents/${maya.id}/login-invitation`;
    const body = { email: uniqueEmail('maya') };
    const noSuch = { error: { code: 'not_found', message: 'No such record.' } };

    // Another patient, and a caregiver of Maya's who is not her guardian.
    const ravi = await patient('Ravi');
    expect((await ravi.client.post(path, body)).body).toEqual(noSuch);
    await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
        may_message, may_visits)
      values (${randomUUID()}, ${maya.id}, ${ravi.id}, 'sibling', true, true, true)`.execute(db());
    expect((await ravi.client.post(path, body)).body).toEqual(noSuch);
    // An id that is no one's, and the guardian herself.
    const unknown = await sita.client.post(
      `/api/care-circle/dependents/${randomUUID()}/login-invitation`,
      body,
    );
    expect(unknown.body).toEqual(noSuch);
    const herself = await sita.client.post(
      `/api/care-circle/dependents/${sita.id}/login-invitation`,
      body,
    );
    expect(herself.body).toEqual(noSuch);

    // Acting for someone, nobody shapes a circle: not the guardian for Maya, nor a caregiver.
    const forMaya = await actingFor(sita.client, maya.id).post(path, body);
    expect(forMaya.status).toBe(403);
    await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
        may_message, may_visits)
      values (${randomUUID()}, ${sita.id}, ${ravi.id}, 'sibling', true, true, true)`.execute(db());
    const forSita = await actingFor(ravi.client, sita.id).post(path, body);
    expect(forSita.status).toBe(403);

    const none = await sql`select id from care_invitations where dependent_id = ${maya.id}`.execute(
      db(),
    );
    expect(none.rows).toEqual([]);
    expect(world.smtp.mailsTo(body.email)).toEqual([]);
  });
});
