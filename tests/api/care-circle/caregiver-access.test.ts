import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingForHeader, type CarePermissions, type CaredFor } from '@shared/care-circle';
import { clinicToday } from '@shared/clinic-time';
import type { Conversation, Message } from '@shared/messaging';
import type { Queue } from '@shared/visits';
import { Client, type Answer } from '../auth/client';
import { openStream, person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { allDay, saveHours, slotAhead } from '../appointments/fixture';
import { ageOf } from '@shared/patient-age';

type Permission = keyof CarePermissions;

/** A patient's data, as a screen asks for it while caring for them, and what the grant must hold. */
interface PatientCall {
  name: string;
  /** What the grant must hold; `never`: no grant is enough (a doctor's work, the trail). */
  needs: Permission | 'guardian' | 'never';
  send(client: Client, patientId: string): Promise<Answer>;
  /** Whether the answer let the caller through (default: a 2xx). */
  through?(answer: Answer): boolean;
}

const reading = () => ({ id: randomUUID(), heartRate: 72, takenAt: new Date().toISOString() });

const patientCalls: PatientCall[] = [
  {
    name: 'read vitals',
    needs: 'record',
    send: (client, id) => client.get(`/api/patients/${id}/vitals`),
  },
  {
    name: 'read medications',
    needs: 'record',
    send: (client, id) => client.get(`/api/patients/${id}/medications`),
  },
  {
    name: 'read finished visits',
    needs: 'record',
    send: (client) => client.get('/api/visits/history'),
  },
  {
    name: 'record vitals',
    needs: 'guardian',
    send: (client, id) => client.post(`/api/patients/${id}/vitals`, reading()),
  },
  {
    name: 'open the care-team conversation',
    needs: 'message',
    send: (client) => client.post('/api/messaging/care-team'),
  },
  {
    name: 'list conversations',
    needs: 'message',
    send: (client) => client.get('/api/messaging/conversations'),
    through: (answer) => Array.isArray(answer.body) && answer.body.length > 0,
  },
  {
    name: 'list appointments',
    needs: 'visits',
    send: (client) => client.get('/api/appointments'),
  },
  {
    name: 'see the open visit',
    needs: 'visits',
    send: (client) => client.get('/api/visits/current'),
  },
  {
    name: "read today's doses",
    needs: 'record',
    send: (client, id) => client.get(`/api/patients/${id}/doses`),
  },
  {
    name: 'mark a dose taken',
    needs: 'guardian',
    send: (client, id) =>
      client.post(`/api/patients/${id}/doses/taken`, {
        id: randomUUID(),
        medicationId: sitasMedicine,
        day: clinicToday(),
        timeOfDay: 'morning',
      }),
  },
  {
    name: 'see the next appointment',
    needs: 'visits',
    send: (client) => client.get('/api/appointments/next'),
  },
  {
    name: 'see free slots to book',
    needs: 'visits',
    send: (client) => client.get('/api/appointments/availability'),
  },
  {
    // The chart is the record in one read: the patient's to read too, so the grant's.
    name: 'read the record in one read (the chart)',
    needs: 'record',
    send: (client, id) => client.get(`/api/patients/${id}/chart`),
  },
  {
    name: 'prescribe',
    needs: 'never',
    send: (client, id) =>
      client.post(`/api/patients/${id}/medications`, {
        id: randomUUID(),
        medicine: 'Amlodipine 5 mg',
        dose: { amount: 1, form: 'tablet' },
        times: ['morning'],
      }),
  },
  {
    name: 'read the audit trail',
    needs: 'never',
    send: (client) => client.get('/api/audit'),
  },
  {
    name: 'read the notification record',
    needs: 'never',
    send: (client) => client.get('/api/notifications/records'),
  },
];

/** The medicine Sita takes every morning, prescribed by her doctor. */
const sitasMedicine = randomUUID();

/** Whether `settled` settles within `ms`: 'ended', or 'still open'. */
function withinMs(settled: Promise<unknown>, ms: number): Promise<'ended' | 'still open'> {
  return Promise.race([
    settled.then(() => 'ended' as const),
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

const grants: Record<string, CarePermissions> = {
  record: { record: true, message: false, visits: false },
  message: { record: false, message: true, visits: false },
  visits: { record: false, message: false, visits: true },
};

describe.each(databaseVariants)('caregivers on the $name database', (variant) => {
  let server: TestServer;
  let sita: Person;
  let doctor: Person;

  beforeAll(async () => {
    server = await startTestServer({ variant });
    sita = await person(server, 'patient', { first: 'Sita', last: 'Sharma' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    await sql`insert into medication_requests (id, patient_id, prescriber_id, medicine, dose,
        times, start_day)
      values (${sitasMedicine}, ${sita.id}, ${doctor.id}, 'Amlodipine 5 mg', '1 tablet',
        array['morning']::text[], ${clinicToday()}::date)`.execute(server.database.db);
    // Her care-team conversation exists, with a message of hers in it.
    const care = await sita.client.post<{ conversation: Conversation }>('/api/messaging/care-team');
    await sita.client.post(`/api/messaging/conversations/${care.body.conversation.id}/messages`, {
      id: randomUUID(),
      content: 'My knee hurts',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /** The person's session, naming the patient they act for on every call. */
  function actingFor(who: Person, patientId: string): Client {
    const client = new Client(server.url, { [actingForHeader]: patientId });
    who.client.cookies.forEach((value, name) => client.cookies.set(name, value));
    return client;
  }

  async function grant(patientId: string, caregiver: Person, permissions: CarePermissions) {
    await sql`insert into care_grants (id, patient_id, caregiver_id, relationship, may_record,
        may_message, may_visits)
      values (${randomUUID()}, ${patientId}, ${caregiver.id}, 'son', ${permissions.record},
        ${permissions.message}, ${permissions.visits})`.execute(server.database.db);
  }

  const through = (call: PatientCall, answer: Answer) =>
    call.through ? call.through(answer) : answer.status >= 200 && answer.status < 300;

  for (const [label, permissions] of Object.entries(grants)) {
    it(`lets a caregiver with only "${label}" do that and nothing else`, async () => {
      const caregiver = await person(server, 'patient', { first: 'Hari', last: label });
      await grant(sita.id, caregiver, permissions);
      const client = actingFor(caregiver, sita.id);
      for (const call of patientCalls) {
        const answer = await call.send(client, sita.id);
        const expected =
          call.needs !== 'guardian' && call.needs !== 'never' && permissions[call.needs];
        expect(through(call, answer), `${call.name}: ${answer.status}`).toBe(expected);
        if (!expected) expect(answer.status, call.name).toBeLessThan(500);
      }
      // As themselves, the caregiver reads none of her record.
      expect((await caregiver.client.get(`/api/patients/${sita.id}/vitals`)).status).toBe(404);
      // Her care team's push stream is the messaging permission's too.
      const stream = await openStream(
        `${server.url}/api/messaging/events?for=${sita.id}`,
        caregiver.client.cookieHeader(),
      );
      expect(stream.status).toBe(permissions.message ? 200 : 404);
      stream.close();
    });
  }

  it('never lets a caregiver shape her circle, read her trail or reach her account', async () => {
    const caregiver = await person(server, 'patient', { first: 'Gita', last: 'Sharma' });
    await grant(sita.id, caregiver, { record: true, message: true, visits: true });
    const client = actingFor(caregiver, sita.id);
    expect((await client.get('/api/care-circle')).status).toBe(403);
    const invite = await client.post('/api/care-circle/invitations', {
      email: 'cousin@example.com',
      relationship: 'other',
      permissions: { record: true, message: false, visits: false },
    });
    expect(invite.status).toBe(403);
    expect((await client.get('/api/audit')).status).toBe(403);
    // Account routes are the caller's own, whoever they name: her profile stays hers.
    await client.call('PUT', '/api/profile', { first_name: 'Changed', date_system: 'ad' });
    const profile = await sita.client.get<{ profile: { first_name: string } }>('/api/me');
    expect(JSON.stringify(profile.body)).toContain('Sita');
    expect(JSON.stringify(profile.body)).not.toContain('Changed');
    const factors = await client.get<unknown[]>('/api/mfa/factors');
    expect(factors.status).toBe(200);
    expect(JSON.stringify(factors.body)).not.toContain(sita.email);
  });

  it('answers a header naming someone they do not care for as access ended', async () => {
    const stranger = await person(server, 'patient', { first: 'Kiran' });
    const answer = await actingFor(stranger, sita.id).get(`/api/patients/${sita.id}/vitals`);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: { code: 'care_access_ended', message: 'You no longer have access to this person.' },
    });
  });

  it('ends access at the next request once removed, and records both people', async () => {
    const caregiver = await person(server, 'patient', { first: 'Mohan', last: 'Sharma' });
    await grant(sita.id, caregiver, { record: true, message: true, visits: false });
    const client = actingFor(caregiver, sita.id);
    expect((await sita.client.post(`/api/patients/${sita.id}/vitals`, reading())).status).toBe(201);
    expect((await client.get(`/api/patients/${sita.id}/vitals`)).status).toBe(200);

    const trail = await sql<{ agent_id: string; on_behalf_of: string | null; type: string }>`
      select agent_id, on_behalf_of, type from audit_events
      where agent_id = ${caregiver.id} and type = 'observation-read'`.execute(server.database.db);
    expect(trail.rows.length).toBeGreaterThan(0);
    expect(trail.rows.every((row) => row.on_behalf_of === sita.id)).toBe(true);

    // A message written for her reaches the care team as hers, naming who wrote it.
    const care = await client.post<{ conversation: Conversation }>('/api/messaging/care-team');
    const sent = await client.post<Message>(
      `/api/messaging/conversations/${care.body.conversation.id}/messages`,
      { id: randomUUID(), content: 'Her knee is worse today' },
    );
    expect(sent.status).toBe(201);
    const seen = await doctor.client.get<Message[]>(
      `/api/messaging/conversations/${care.body.conversation.id}/messages`,
    );
    const written = seen.body.find((message) => message.id === sent.body.id);
    expect(written).toMatchObject({ senderId: sita.id, agentName: 'Mohan Sharma' });

    // His push stream of her care team carries her messages, and only while he may message.
    const stream = await openStream(
      `${server.url}/api/messaging/events?for=${sita.id}`,
      caregiver.client.cookieHeader(),
    );
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    const hers = await sita.client.post<Message>(
      `/api/messaging/conversations/${care.body.conversation.id}/messages`,
      { id: randomUUID(), content: 'Thank you, son' },
    );
    const pushed = await stream.next((event) => event.event === 'message');
    expect(JSON.parse(pushed.data)).toMatchObject({ id: hers.body.id });

    const circle = await sita.client.get<{ caregivers: { id: string; personId: string }[] }>(
      '/api/care-circle',
    );
    const grantId = circle.body.caregivers.find((one) => one.personId === caregiver.id)!.id;
    // An invitation to him still pending (sent again meanwhile) dies with his access.
    const pending = randomUUID();
    await sql`insert into care_invitations (id, patient_id, email, relationship, may_record,
        may_message, may_visits, token_hash, expires_at)
      values (${pending}, ${sita.id}, ${caregiver.email.toUpperCase()}, 'son', true, true, true,
        ${randomUUID()}, now() + interval '7 days')`.execute(server.database.db);
    const removed = await sita.client.call('DELETE', `/api/care-circle/caregivers/${grantId}`);
    expect(removed.status).toBe(204);
    // His open stream of her care team closes at once, not at its next scheduled check.
    await expect(withinMs(stream.ended, 10_000)).resolves.toBe('ended');
    const invitation = await sql<{ status: string }>`select status from care_invitations
      where id = ${pending}`.execute(server.database.db);
    expect(invitation.rows).toEqual([{ status: 'cancelled' }]);

    const closed = await openStream(
      `${server.url}/api/messaging/events?for=${sita.id}`,
      caregiver.client.cookieHeader(),
    );
    expect(closed.status).toBe(403);
    closed.close();
    const after = await client.get(`/api/patients/${sita.id}/vitals`);
    expect(after.status).toBe(403);
    expect((after.body as { error: { code: string } }).error.code).toBe('care_access_ended');
    expect((await caregiver.client.get<CaredFor[]>('/api/caring-for')).body).toEqual([]);
    const removal = await sql<{ agent_id: string; subject_id: string }>`
      select agent_id, subject_id from audit_events where type = 'care-access-removed'
        and entity_id = ${grantId}`.execute(server.database.db);
    expect(removal.rows).toEqual([{ agent_id: sita.id, subject_id: sita.id }]);
  });

  it('lets a guardian add a child, record for them and book a visit the doctor sees with them', async () => {
    const added = await sita.client.post<{ id: string; name: string }>(
      '/api/care-circle/dependents',
      {
        profile: { first_name: 'Maya', last_name: 'Sharma', age: '6', date_system: 'ad' },
        relationship: 'daughter',
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const maya = added.body.id;
    // A date of birth in BS gives the age as the chart counts it.
    const baby = await sita.client.post<{ ageYears: number | null }>(
      '/api/care-circle/dependents',
      {
        profile: { first_name: 'Anu', date_system: 'bs', dob_bs: '2080-01-15' },
        relationship: 'daughter',
      },
    );
    expect(baby.status, JSON.stringify(baby.body)).toBe(201);
    const bsAge = ageOf({ age: null, dateSystem: 'bs', dobAd: null, dobBs: '2080-01-15' });
    expect(bsAge).not.toBeNull();
    expect(baby.body.ageYears).toBe(bsAge);
    const caring = await sita.client.get<CaredFor[]>('/api/caring-for');
    expect(caring.body).toContainEqual(
      expect.objectContaining({ patientId: maya, name: 'Maya Sharma', guardian: true }),
    );
    const forMaya = actingFor(sita, maya);
    expect((await forMaya.post(`/api/patients/${maya}/vitals`, reading())).status).toBe(201);

    await saveHours(doctor, doctor.id, allDay);
    const slot = await slotAhead(sita, doctor.id, 5 * 60_000);
    const booked = await forMaya.post<{ id: string; patientId: string }>('/api/appointments', {
      id: randomUUID(),
      doctorId: doctor.id,
      startsAt: slot.startsAt,
      reason: 'Fever',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.patientId).toBe(maya);
    // Near the clinic's midnight the next free slot may be more than half an hour away, where
    // check-in is not open yet: the booking is brought to ten minutes ahead, as time would.
    await sql`update appointments set starts_at = now() + interval '10 minutes',
        ends_at = now() + interval '25 minutes'
      where id = ${booked.body.id}`.execute(server.database.db);
    const checkedIn = await forMaya.post(`/api/appointments/${booked.body.id}/check-in`);
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);

    const queue = await doctor.client.get<Queue>('/api/visits/queue');
    expect(queue.body.entries).toContainEqual(
      expect.objectContaining({ patientName: 'Maya Sharma', agentName: 'Sita Sharma' }),
    );
    // Her mother follows Maya's visits live, as Maya's side, and hears the doctor start it.
    const stream = await openStream(
      `${server.url}/api/visits/events?for=${maya}`,
      sita.client.cookieHeader(),
    );
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    const visitId = (checkedIn.body as { visitId: string }).visitId;
    expect((await doctor.client.post(`/api/visits/${visitId}/start`)).status).toBe(200);
    const started = await stream.next(
      (event) => event.event === 'visit' && event.data.includes(visitId),
    );
    expect(JSON.parse(started.data)).toMatchObject({ id: visitId, status: 'waiting' });
    stream.close();

    // The doctor caring for Maya reads in her chart who acts for her.
    const chart = await doctor.client.get<{ careCircle: unknown[] }>(`/api/patients/${maya}/chart`);
    expect(chart.body.careCircle).toEqual([
      {
        name: 'Sita Sharma',
        relationship: 'daughter',
        guardian: true,
        permissions: { record: true, message: true, visits: true },
      },
    ]);
    // Sita's own appointments are hers alone: Maya's booking is not among them.
    const own = await sita.client.get<{ id: string }[]>('/api/appointments');
    expect(own.body.map((one) => one.id)).not.toContain(booked.body.id);
  });
});
