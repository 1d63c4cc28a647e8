import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeoplePage, Person as Listed, StaffInvitationPreview } from '@shared/people';
import { Client } from '../auth/client';
import { openStream, password, person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

describe.each(databaseVariants)('people on the $name database', (variant) => {
  let server: TestServer;
  let superadmin: Person;
  let admin: Person;
  let doctor: Person;
  let manager: Person;
  let patient: Person;
  let otherDoctor: Person;
  let otherPatient: Person;
  let clinicId: string;
  let otherClinicId: string;

  const db = () => server.database.db;

  async function place(who: Person, clinic: string) {
    await sql`update profiles set clinic_id = ${clinic} where id = ${who.id}`.execute(db());
  }

  async function addClinic(name: string): Promise<string> {
    const id = randomUUID();
    await sql`insert into clinics (id, name, org_unit_code)
      values (${id}, ${name}, ${`OU-${id.slice(0, 8)}`})`.execute(db());
    return id;
  }

  /** A visit of the patient with the doctor: what makes her one of the doctor's clinic's. */
  async function seenBy(who: Person, by: Person) {
    await sql`insert into visits (id, patient_id, doctor_id, status, type, priority, reason)
      values (${randomUUID()}, ${who.id}, ${by.id}, 'finished', 'video', 'routine', 'Check-up')`.execute(
      db(),
    );
  }

  async function signIn(email: string) {
    const client = new Client(server.url);
    const answer = await client.post('/api/auth/sign-in/email', { email, password });
    return { client, answer };
  }

  async function trail(entityId: string): Promise<string[]> {
    const { rows } = await sql<{ type: string }>`select type from audit_events
      where entity_id = ${entityId} and type in ('person-deactivated', 'person-reactivated',
        'person-changed', 'second-factor-reset', 'staff-invitation-accepted')
      order by id`.execute(db());
    return rows.map((row) => row.type);
  }

  async function lastMailTo(email: string) {
    const { rows } = await sql<{ subject: string; text_body: string }>`select subject, text_body
      from mail_outbox where to_address = ${email} order by id desc limit 1`.execute(db());
    return rows[0];
  }

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    superadmin = await person(server, 'superadmin', { first: 'Maya' });
    admin = await person(server, 'admin', { first: 'Hari', last: 'Karki' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    manager = await person(server, 'manager', { first: 'Gita' });
    patient = await person(server, 'patient', { first: 'Sita', last: 'Sharma' });
    otherDoctor = await person(server, 'doctor', { first: 'Bina', last: 'Rai' });
    otherPatient = await person(server, 'patient', { first: 'Kamala' });
    clinicId = await addClinic('Dhulikhel Clinic');
    otherClinicId = await addClinic('Banepa Clinic');
    for (const staff of [admin, doctor, manager]) await place(staff, clinicId);
    await place(otherDoctor, otherClinicId);
    await seenBy(patient, doctor);
    await seenBy(otherPatient, otherDoctor);
    await sql`update "user" set "phoneNumber" = '+9779841000001', "phoneNumberVerified" = true
      where id = ${patient.id}`.execute(db());
  });
  afterAll(async () => {
    await server.close();
  });

  const idsOf = (page: PeoplePage) => page.people.map((entry) => entry.id).sort();

  it("lists an admin's clinic's people and the superadmin everyone, searched and filtered", async () => {
    const theirs = await admin.client.get<PeoplePage>('/api/people');
    expect(theirs.status).toBe(200);
    expect(idsOf(theirs.body)).toEqual([admin.id, doctor.id, manager.id, patient.id].sort());
    expect(theirs.body.clinics).toEqual([{ id: clinicId, name: 'Dhulikhel Clinic' }]);
    const sita = theirs.body.people.find((entry) => entry.id === patient.id)!;
    expect(sita).toMatchObject({
      name: 'Sita Sharma',
      role: 'patient',
      status: 'active',
      phone: '+9779841000001',
      clinic: null,
    });
    expect(sita.lastActiveAt).not.toBeNull();

    const all = await superadmin.client.get<PeoplePage>('/api/people');
    expect(all.body.total).toBe(7);
    expect(all.body.clinics).toHaveLength(2);

    const byName = await superadmin.client.get<PeoplePage>('/api/people?q=thap');
    expect(idsOf(byName.body)).toEqual([doctor.id]);
    const byPhone = await superadmin.client.get<PeoplePage>('/api/people?q=9841000001');
    expect(idsOf(byPhone.body)).toEqual([patient.id]);
    const byMail = await superadmin.client.get<PeoplePage>(
      `/api/people?q=${encodeURIComponent(manager.email)}`,
    );
    expect(idsOf(byMail.body)).toEqual([manager.id]);
    const doctors = await superadmin.client.get<PeoplePage>('/api/people?role=doctor');
    expect(idsOf(doctors.body)).toEqual([doctor.id, otherDoctor.id].sort());
    const ofBanepa = await superadmin.client.get<PeoplePage>(
      `/api/people?clinicId=${otherClinicId}`,
    );
    expect(idsOf(ofBanepa.body)).toEqual([otherDoctor.id, otherPatient.id].sort());
    // An admin's filter by another clinic still shows only theirs: none of both.
    const across = await admin.client.get<PeoplePage>(`/api/people?clinicId=${otherClinicId}`);
    expect(across.body.people).toEqual([]);
    const wildcard = await superadmin.client.get<PeoplePage>('/api/people?q=%25');
    expect(wildcard.body.people).toEqual([]);

    const second = await superadmin.client.get<PeoplePage>('/api/people?page=2');
    expect(second.body).toMatchObject({ page: 2, pageSize: 25, total: 7, people: [] });

    for (const who of [doctor, manager, patient]) {
      expect((await who.client.get('/api/people')).status).toBe(403);
    }
    expect((await new Client(server.url).get('/api/people')).status).toBe(401);
  });

  it('deactivation ends every session at once and refuses sign-in; reactivation restores it', async () => {
    const { client: second } = await signIn(doctor.email);
    const stream = await openStream(
      `${server.url}/api/messaging/events`,
      doctor.client.cookieHeader(),
    );
    expect(stream.status).toBe(200);

    const off = await admin.client.post<Listed>(`/api/people/${doctor.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('deactivated');
    expect(await stream.endsWithin(5_000)).toBe(true);
    expect((await doctor.client.get('/api/me')).status).toBe(401);
    expect((await second.get('/api/me')).status).toBe(401);

    const refused = await signIn(doctor.email);
    expect(refused.answer.status).toBe(403);
    expect(refused.answer.body).toMatchObject({ error: { code: 'account_deactivated' } });
    const wrong = await new Client(server.url).post('/api/auth/sign-in/email', {
      email: doctor.email,
      password: 'not the password',
    });
    expect(wrong.body).toMatchObject({ error: { code: 'invalid_email_or_password' } });

    // Nothing of theirs is lost: the visit and the profile stay.
    const { rows } = await sql<{ count: string | number }>`select count(*) as count from visits
      where doctor_id = ${doctor.id}`.execute(db());
    expect(Number(rows[0]!.count)).toBe(1);
    const deactivated = await admin.client.get<PeoplePage>('/api/people?status=deactivated');
    expect(idsOf(deactivated.body)).toEqual([doctor.id]);

    const on = await admin.client.post<Listed>(`/api/people/${doctor.id}/reactivate`);
    expect(on.body.status).toBe('active');
    const back = await signIn(doctor.email);
    expect(back.answer.status).toBe(200);
    doctor.client = back.client;
    expect(await trail(doctor.id)).toEqual(['person-deactivated', 'person-reactivated']);
  });

  it("never lets an admin act on another clinic's people, anyone above, or themselves", async () => {
    expect((await admin.client.post(`/api/people/${otherDoctor.id}/deactivate`)).status).toBe(404);
    expect((await admin.client.post(`/api/people/${otherPatient.id}/deactivate`)).status).toBe(404);
    expect((await admin.client.post(`/api/people/${superadmin.id}/deactivate`)).status).toBe(404);
    expect((await admin.client.post(`/api/people/${admin.id}/deactivate`)).status).toBe(403);
    expect((await admin.client.post('/api/people/no-such-person/deactivate')).status).toBe(404);
    // Nor raises anyone above their own role, nor moves them to another clinic.
    const raised = await admin.client.call('PATCH', `/api/people/${manager.id}`, {
      role: 'superadmin',
    });
    expect(raised.status).toBe(403);
    const moved = await admin.client.call('PATCH', `/api/people/${manager.id}`, {
      clinicId: otherClinicId,
    });
    expect(moved.status).toBe(404);
    expect(await trail(manager.id)).toEqual([]);
  });

  it('nobody deactivates the last superadmin', async () => {
    // The one superadmin cannot deactivate nor demote themselves: nobody else could.
    expect((await superadmin.client.post(`/api/people/${superadmin.id}/deactivate`)).status).toBe(
      403,
    );
    const demoted = await superadmin.client.call('PATCH', `/api/people/${superadmin.id}`, {
      role: 'admin',
    });
    expect(demoted.status).toBe(403);
    // With two, one may deactivate the other, and bring them back.
    const second = await person(server, 'superadmin', { first: 'Anil' });
    expect((await second.client.post(`/api/people/${superadmin.id}/deactivate`)).status).toBe(200);
    expect((await superadmin.client.get('/api/me')).status).toBe(401);
    expect((await second.client.post(`/api/people/${superadmin.id}/reactivate`)).status).toBe(200);
    superadmin.client = (await signIn(superadmin.email)).client;
    expect(await trail(superadmin.id)).toEqual(['person-deactivated', 'person-reactivated']);
  });

  it('a new role or clinic ends the sessions, so every screen narrows at once', async () => {
    const stream = await openStream(
      `${server.url}/api/messaging/events`,
      manager.client.cookieHeader(),
    );
    const changed = await admin.client.call<Listed>('PATCH', `/api/people/${manager.id}`, {
      role: 'doctor',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ role: 'doctor', clinic: { id: clinicId } });
    expect(await stream.endsWithin(5_000)).toBe(true);
    expect((await manager.client.get('/api/me')).status).toBe(401);
    const again = await signIn(manager.email);
    const me = await again.client.get<{ role: string }>('/api/me');
    expect(me.body.role).toBe('doctor');

    const moved = await superadmin.client.call<Listed>('PATCH', `/api/people/${manager.id}`, {
      clinicId: otherClinicId,
    });
    expect(moved.body.clinic).toEqual({ id: otherClinicId, name: 'Banepa Clinic' });
    // A doctor, manager or admin needs a clinic.
    const none = await superadmin.client.call('PATCH', `/api/people/${manager.id}`, {
      clinicId: null,
    });
    expect(none.status).toBe(400);
    expect(await trail(manager.id)).toEqual(['person-changed', 'person-changed']);
  });

  it("resets a person's second factor, tells them by mail, and records it", async () => {
    await sql`update "user" set "twoFactorEnabled" = true where id = ${patient.id}`.execute(db());
    const reset = await admin.client.post<Listed>(`/api/people/${patient.id}/second-factor/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.secondFactor).toBe(false);
    expect(reset.body.phone).toBeNull();
    expect((await lastMailTo(patient.email))?.subject).toBe('Your Sewa second factor was reset');
    expect(await trail(patient.id)).toEqual(['second-factor-reset']);
  });

  it('invites a staff member, whose link opens the account once, in the role and clinic', async () => {
    const email = `new-doctor-${Date.now().toString(36)}@example.com`;
    const sent = await admin.client.post<Listed>('/api/people/invitations', {
      email,
      role: 'doctor',
      clinicId,
      language: 'ne',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'invitation', status: 'invited', role: 'doctor' });
    const invited = await admin.client.get<PeoplePage>('/api/people?status=invited');
    expect(invited.body.people.map((entry) => entry.email)).toEqual([email]);

    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('तपाईंलाई सेवामा काम गर्न निम्तो छ');
    expect(mail?.text_body).toContain('Dhulikhel Clinic');
    const token = /\/staff-invitation\/([A-Z2-7]{52})/.exec(mail!.text_body)![1]!;

    const preview = await new Client(server.url).get<StaffInvitationPreview>(
      `/api/people/invitations/${token}`,
    );
    expect(preview.body).toMatchObject({ email, role: 'doctor', clinicName: 'Dhulikhel Clinic' });

    const accepted = await new Client(server.url).post(`/api/people/invitations/${token}/accept`, {
      name: 'Asha Gurung',
      password,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ email, role: 'doctor' });
    const { client, answer } = await signIn(email);
    expect(answer.status).toBe(200);
    const me = await client.get<{ role: string; id: string }>('/api/me');
    expect(me.body.role).toBe('doctor');
    const listed = await admin.client.get<PeoplePage>(`/api/people?q=asha`);
    expect(listed.body.people[0]).toMatchObject({
      name: 'Asha Gurung',
      status: 'active',
      clinic: { id: clinicId },
    });

    // Used once: the link opens nothing more.
    const twice = await new Client(server.url).post(`/api/people/invitations/${token}/accept`, {
      name: 'Someone Else',
      password,
    });
    expect(twice.status).toBe(404);
    // An address with an account is not invited again.
    const taken = await admin.client.post('/api/people/invitations', {
      email,
      role: 'doctor',
      clinicId,
      language: 'en',
    });
    expect(taken.status).toBe(409);
    // An admin invites no one above their role, nor into another clinic.
    const above = await admin.client.post('/api/people/invitations', {
      email: 'boss@example.com',
      role: 'superadmin',
      clinicId: null,
      language: 'en',
    });
    expect(above.status).toBe(403);
    const elsewhere = await admin.client.post('/api/people/invitations', {
      email: 'elsewhere@example.com',
      role: 'doctor',
      clinicId: otherClinicId,
      language: 'en',
    });
    expect(elsewhere.status).toBe(404);
    // The network's roles are the superadmin's to give.
    const researcher = await admin.client.post('/api/people/invitations', {
      email: 'figures@example.com',
      role: 'researcher',
      clinicId: null,
      language: 'en',
    });
    expect(researcher.status).toBe(403);
  });

  it('an expired invitation never opens an account', async () => {
    const email = `late-${Date.now().toString(36)}@example.com`;
    await admin.client.post('/api/people/invitations', {
      email,
      role: 'manager',
      clinicId,
      language: 'en',
    });
    const token = /\/staff-invitation\/([A-Z2-7]{52})/.exec(
      (await lastMailTo(email))!.text_body,
    )![1]!;
    await sql`update staff_invitations set expires_at = now() - interval '1 minute'
      where email = ${email}`.execute(db());
    const preview = await new Client(server.url).get(`/api/people/invitations/${token}`);
    expect(preview.status).toBe(404);
    const accepted = await new Client(server.url).post(`/api/people/invitations/${token}/accept`, {
      name: 'Late Comer',
      password,
    });
    expect(accepted.status).toBe(404);
    const { rows } = await sql`select id from "user" where email = ${email}`.execute(db());
    expect(rows).toEqual([]);
  });
});
