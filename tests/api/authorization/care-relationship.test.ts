import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@shared/messaging';
import type { Visit } from '@shared/visits';
import { careWindowDays } from '../../../server/src/access/patient-access';
import type { Answer } from '../auth/client';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { png } from './matrix';

const missing = (answer: Answer, what: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  expect((answer.body as { error: { code: string; message: string } }).error).toEqual({
    code: 'not_found',
    message: `No such ${what}.`,
  });
};

/**
 * The one access policy, through the API: a doctor reaches a patient's record (visits,
 * photos) while caring for them, and only then; nobody else but the patient does.
 */
describe.each(databaseVariants)('who may reach a patient on the $name database', (variant) => {
  let server: TestServer;
  let patient: Person;
  let caring: Person;
  let stranger: Person;
  let staff: Person[];
  let photoId: string;

  /** A visit of the patient's, assigned to `doctor`, in `status`, ended `daysAgo` when closed. */
  async function visitWith(doctor: Person, status: string, daysAgo = 0): Promise<string> {
    const id = randomUUID();
    const ended = status === 'finished' || status === 'cancelled';
    await sql`insert into visits (id, patient_id, doctor_id, status, type, priority, reason,
        queued_at, started_at, in_progress_at, ended_at)
      values (${id}, ${patient.id}, ${doctor.id}, ${status}, 'video', 'routine', '',
        now() - make_interval(days => ${daysAgo + 1}), now() - make_interval(days => ${daysAgo + 1}),
        now() - make_interval(days => ${daysAgo + 1}),
        ${ended ? sql`now() - make_interval(days => ${daysAgo})` : null})`.execute(
      server.database.db,
    );
    return id;
  }

  async function photoOf(owner: Person): Promise<string> {
    const id = randomUUID();
    const response = await fetch(`${server.url}/api/uploads/${id}`, {
      method: 'PUT',
      headers: {
        cookie: owner.client.cookieHeader(),
        origin: server.url,
        'content-type': 'image/png',
      },
      body: png,
    });
    expect(response.status).toBe(201);
    // The photo is read where its answer says: under the server's id for it.
    const { url } = (await response.json()) as { url: string };
    return url.split('/').at(-2)!;
  }

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    patient = await person(server, 'patient', { first: 'Kamala', last: 'Shrestha' });
    caring = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    stranger = await person(server, 'doctor', { first: 'Hari', last: 'Karki' });
    staff = await Promise.all(
      (['manager', 'admin', 'researcher', 'superadmin'] as const).map((role) =>
        person(server, role, { first: role }),
      ),
    );
    photoId = await photoOf(patient);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets a doctor with a recent visit at the record, and nobody else but the patient', async () => {
    const visitId = await visitWith(caring, 'finished', 3);
    for (const allowed of [patient, caring]) {
      expect((await allowed.client.get(`/api/uploads/${photoId}/content`)).status).toBe(200);
      const visit = await allowed.client.get<Visit>(`/api/visits/${visitId}`);
      expect(visit.status).toBe(200);
      expect(visit.body.patientName).toBe('Kamala Shrestha');
    }
    for (const outsider of [stranger, ...staff]) {
      missing(await outsider.client.get(`/api/uploads/${photoId}/content`), 'photo');
      missing(await outsider.client.get(`/api/visits/${visitId}`), 'visit');
    }
  });

  it('ends the care relationship 90 days after the last visit ended', async () => {
    const doctor = await person(server, 'doctor', { first: 'Old', last: 'Visit' });
    const old = await visitWith(doctor, 'finished', careWindowDays + 1);
    missing(await doctor.client.get(`/api/visits/${old}`), 'visit');
    missing(await doctor.client.get(`/api/uploads/${photoId}/content`), 'photo');

    // An open visit is care, however long ago it was queued.
    const open = await visitWith(doctor, 'in_progress', careWindowDays + 5);
    expect((await doctor.client.get(`/api/visits/${old}`)).status).toBe(200);
    expect((await doctor.client.get(`/api/uploads/${photoId}/content`)).status).toBe(200);
    await sql`update visits set status = 'finished', ended_at = now() - interval '100 days'
      where id = ${open}`.execute(server.database.db);
    missing(await doctor.client.get(`/api/uploads/${photoId}/content`), 'photo');
  });

  it('makes the prescriber of a medicine still taken one who cares, until 90 days after it ended', async () => {
    const doctor = await person(server, 'doctor', { first: 'Prescribing', last: 'Doctor' });
    missing(await doctor.client.get(`/api/uploads/${photoId}/content`), 'photo');
    const id = randomUUID();
    await sql`insert into medication_requests (id, patient_id, prescriber_id, medicine, dose,
        times, start_day, days)
      values (${id}, ${patient.id}, ${doctor.id}, 'Amlodipine 5 mg', '1 tablet',
        array['morning']::text[], current_date - 10, null)`.execute(server.database.db);
    expect((await doctor.client.get(`/api/uploads/${photoId}/content`)).status).toBe(200);
    expect((await doctor.client.get(`/api/patients/${patient.id}/chart`)).status).toBe(200);

    // Stopped long ago, or run out long ago: no longer care.
    await sql`update medication_requests set stopped_at = now() - interval '91 days',
        stopped_by = ${doctor.id}, stop_reason = 'Course changed'
      where id = ${id}`.execute(server.database.db);
    missing(await doctor.client.get(`/api/uploads/${photoId}/content`), 'photo');
    await sql`update medication_requests set stopped_at = null, stopped_by = null,
        stop_reason = null, start_day = current_date - 200, days = 30
      where id = ${id}`.execute(server.database.db);
    missing(await doctor.client.get(`/api/uploads/${photoId}/content`), 'photo');
    await sql`update medication_requests set days = 150 where id = ${id}`.execute(
      server.database.db,
    );
    expect((await doctor.client.get(`/api/uploads/${photoId}/content`)).status).toBe(200);
    await sql`delete from medication_requests where id = ${id}`.execute(server.database.db);
  });

  it('makes a doctor who answers in the care-team conversation one who cares', async () => {
    const doctor = await person(server, 'doctor', { first: 'Answering', last: 'Doctor' });
    const started = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const conversationId = started.body.conversation.id;
    // Every doctor sees and reads the shared care-team inbox: that alone is no care.
    expect((await doctor.client.get(`/api/messaging/conversations/${conversationId}`)).status).toBe(
      200,
    );
    missing(await doctor.client.get(`/api/uploads/${photoId}/content`), 'photo');

    const answer = await doctor.client.post(
      `/api/messaging/conversations/${conversationId}/messages`,
      {
        id: randomUUID(),
        content: 'Please send a photo of the rash.',
      },
    );
    expect(answer.status).toBe(201);
    expect((await doctor.client.get(`/api/uploads/${photoId}/content`)).status).toBe(200);
  });

  it('ends the care an answer gives 90 days after the doctor’s last answer', async () => {
    const started = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const conversationId = started.body.conversation.id;
    const answer = (doctor: Person) =>
      doctor.client.post(`/api/messaging/conversations/${conversationId}/messages`, {
        id: randomUUID(),
        content: 'How is the cough today?',
      });
    /** Moves every answer of the doctor's in the conversation `days` into the past. */
    const backdate = (doctor: Person, days: number) =>
      sql`update messages set created_at = now() - make_interval(days => ${days})
        where conversation_id = ${conversationId} and sender_id = ${doctor.id}`.execute(
        server.database.db,
      );
    const lapsed = await person(server, 'doctor', { first: 'Lapsed', last: 'Answer' });
    const recent = await person(server, 'doctor', { first: 'Recent', last: 'Answer' });
    for (const doctor of [lapsed, recent]) expect((await answer(doctor)).status).toBe(201);
    await backdate(lapsed, careWindowDays + 1);
    await backdate(recent, careWindowDays - 1);

    // Answered 91 days ago and not since: the record answers as one that does not exist.
    missing(await lapsed.client.get(`/api/uploads/${photoId}/content`), 'photo');
    expect((await lapsed.client.get(`/api/patients/${patient.id}/chart`)).status).toBe(404);
    // Answered 89 days ago: still one who cares.
    expect((await recent.client.get(`/api/uploads/${photoId}/content`)).status).toBe(200);
    expect((await recent.client.get(`/api/patients/${patient.id}/chart`)).status).toBe(200);
    // The shared inbox stays open to both, and a new answer counts from today.
    expect((await lapsed.client.get(`/api/messaging/conversations/${conversationId}`)).status).toBe(
      200,
    );
    expect((await answer(lapsed)).status).toBe(201);
    expect((await lapsed.client.get(`/api/uploads/${photoId}/content`)).status).toBe(200);
  });

  it("refuses a conversation of the patient's that the doctor takes no part in", async () => {
    const id = randomUUID();
    await sql`insert into conversations (id, title, participant_ids)
      values (${id}, 'Follow-up', array[${patient.id}, ${caring.id}]::text[])`.execute(
      server.database.db,
    );
    expect((await caring.client.get(`/api/messaging/conversations/${id}`)).status).toBe(200);
    for (const outsider of [stranger, ...staff]) {
      missing(await outsider.client.get(`/api/messaging/conversations/${id}`), 'conversation');
      missing(
        await outsider.client.get(`/api/messaging/conversations/${id}/messages`),
        'conversation',
      );
      const listed = await outsider.client.get<Conversation[]>('/api/messaging/conversations');
      expect(listed.body.map((conversation) => conversation.id)).not.toContain(id);
    }
  });

  it('keeps managers, admins, researchers and the superadmin out of every care-team conversation', async () => {
    const conversation = await patient.client.get<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const id = conversation.body.conversation.id;
    for (const outsider of staff) {
      missing(await outsider.client.get(`/api/messaging/conversations/${id}`), 'conversation');
      const listed = await outsider.client.get<Conversation[]>('/api/messaging/conversations');
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([]);
    }
  });
});
