import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import type { NetworkFigures, TodayFigures } from '@shared/figures';
import type { Conversation } from '@shared/messaging';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { act, inProgress } from '../visits/fixture';

describe.each(databaseVariants)('the staff figures on the $name database', (variant) => {
  let server: TestServer;
  let manager: Person;
  let admin: Person;
  let doctor: Person;

  const today = () => manager.client.get<TodayFigures>('/api/figures/today');
  const network = () => admin.client.get<NetworkFigures>('/api/figures/network');
  const db = () => server.database.db;

  async function appointment(patient: Person, day: string, time: string, status: string) {
    const startsAt = clinicMoment(day, time);
    await db()
      .insertInto('appointments')
      .values({
        id: randomUUID(),
        patient_id: patient.id,
        doctor_id: doctor.id,
        status,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 15 * 60_000),
        day,
        checked_in_at: status === 'checked_in' ? new Date() : null,
      })
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer({
      variant,
      env: { DEMO_USERS: 'false', CLINIC_KEYS: 'KTM-CLINIC-01,PKR-CLINIC-02,BRT-CLINIC-03' },
    });
    manager = await person(server, 'manager', { first: 'Mina' });
    admin = await person(server, 'admin', { first: 'Arun' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
  });
  afterAll(async () => {
    await server.close();
  });

  it("counts today's appointments and check-ins in clinic time, not cancelled ones or tomorrow's", async () => {
    const before = (await today()).body;
    const day = clinicToday();
    expect(before.day).toBe(day);
    const [first, second, third] = await Promise.all(
      ['Asha', 'Bina', 'Chandra'].map((name) => person(server, 'patient', { first: name })),
    );
    await appointment(first!, day, '23:45', 'booked');
    await appointment(second!, day, '00:00', 'checked_in');
    await appointment(third!, day, '12:00', 'cancelled');
    await appointment(first!, addClinicDays(day, 1), '00:00', 'booked');

    const after = (await today()).body;
    expect(after.appointments - before.appointments).toBe(2);
    expect(after.checkIns - before.checkIns).toBe(1);
  });

  it('counts as tasks a finished visit without a summary and a patient left unanswered for a day', async () => {
    const before = (await today()).body.tasks;
    const patient = await person(server, 'patient', { first: 'Dipa' });
    const visit = await inProgress(patient, doctor);
    expect((await act(doctor, visit.id, 'end')).status).toBe(200);
    const careTeam = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
      {},
    );
    const conversationId = careTeam.body.conversation.id;
    expect(careTeam.status).toBeLessThan(300);
    const sent = await patient.client.post(
      `/api/messaging/conversations/${conversationId}/messages`,
      { id: randomUUID(), content: 'My fever is back.' },
    );
    expect(sent.status).toBe(201);

    // Written a moment ago: not yet a task.
    const fresh = (await today()).body.tasks;
    expect(fresh.visitsWithoutSummary - before.visitsWithoutSummary).toBe(1);
    expect(fresh.unansweredConversations).toBe(before.unansweredConversations);

    await sql`update messages set created_at = now() - interval '25 hours'
      where conversation_id = ${conversationId}`.execute(db());
    const late = (await today()).body.tasks;
    expect(late.unansweredConversations - before.unansweredConversations).toBe(1);
    expect(late.total).toBe(late.visitsWithoutSummary + late.unansweredConversations);

    // The doctor answers and writes the summary: both tasks are done.
    const answer = await doctor.client.post(
      `/api/messaging/conversations/${conversationId}/messages`,
      { id: randomUUID(), content: 'Please come in today.' },
    );
    expect(answer.status).toBe(201);
    const summary = await doctor.client.call('PUT', `/api/visits/${visit.id}/summary`, {
      summary: 'Fever; fluids and rest.',
    });
    expect(summary.status).toBe(200);
    const done = (await today()).body.tasks;
    expect(done.visitsWithoutSummary).toBe(before.visitsWithoutSummary);
    expect(done.unansweredConversations).toBe(before.unansweredConversations);
  });

  it("counts a flagged reading as an alert until a doctor opens the patient's chart", async () => {
    const before = (await today()).body.alerts;
    const patient = await person(server, 'patient', { first: 'Gita' });
    const visit = await inProgress(patient, doctor);
    expect((await act(doctor, visit.id, 'end')).status).toBe(200);
    const record = (values: Record<string, number>) =>
      patient.client.post(`/api/patients/${patient.id}/vitals`, {
        id: randomUUID(),
        takenAt: new Date().toISOString(),
        ...values,
      });
    expect((await record({ heartRate: 72, oxygenSaturation: 97 })).status).toBe(201);
    expect((await today()).body.alerts).toBe(before);
    expect((await record({ oxygenSaturation: 85 })).status).toBe(201);
    expect((await record({ systolic: 190, diastolic: 100 })).status).toBe(201);
    expect((await today()).body.alerts - before).toBe(2);

    expect((await doctor.client.get(`/api/patients/${patient.id}/chart`)).status).toBe(200);
    expect((await today()).body.alerts).toBe(before);
  });

  it('counts confirmed users, active sessions, configured clinics, uptime and storage', async () => {
    const figures = (await network()).body;
    expect(figures.clinics).toBe(3);
    const { rows: users } = await sql<{ count: string }>`
      select count(*) as count from "user" where "emailVerified"`.execute(db());
    expect(figures.users).toBe(Number(users[0]!.count));
    // Each signed-in person of this file has made a request within the quarter-hour.
    expect(figures.activeSessions).toBeGreaterThanOrEqual(3);

    // A session quiet for longer than a quarter-hour is not active; nor is one signed out.
    const quiet = await person(server, 'patient', { first: 'Hira' });
    expect((await quiet.client.get('/api/me')).status).toBe(200);
    await expect
      .poll(async () => (await network()).body.activeSessions)
      .toBeGreaterThan(figures.activeSessions);
    const active = (await network()).body.activeSessions;
    await sql`update session_activity set seen_at = now() - interval '16 minutes'
      where session_id in (select id from session where "userId" = ${quiet.id})`.execute(db());
    expect((await network()).body.activeSessions).toBe(active - 1);

    // Uptime: the minutes with a passing check among those since the first record, the
    // minute under way once it has its check.
    await expect.poll(async () => (await network()).body.uptimePercent).toBe(100);
    await sql`insert into health_checks (minute)
      values (date_trunc('minute', now()) - interval '9 minutes')`.execute(db());
    await expect
      .poll(async () => {
        const { rows } = await sql<{ passed: string; current: boolean }>`
          select count(*) as passed,
            bool_or(minute = date_trunc('minute', now())) as current
          from health_checks`.execute(db());
        const expected = (Number(rows[0]!.passed) / (9 + (rows[0]!.current ? 1 : 0))) * 100;
        const uptime = (await network()).body.uptimePercent;
        return uptime !== null && Math.abs(uptime - expected) < 1e-6;
      })
      .toBe(true);

    const { rows: photos } = await sql<{ bytes: string }>`
      select coalesce(sum(byte_size), 0) as bytes from uploads`.execute(db());
    const storage = (await network()).body.storageBytes;
    expect(storage.photos).toBe(Number(photos[0]!.bytes));
    expect(storage.database).toBeGreaterThan(0);
    expect(storage.total).toBe(storage.photos + storage.database);
  });

  it('shows the clinic day to managers and the network to admins only', async () => {
    expect((await doctor.client.get('/api/figures/today')).status).toBe(403);
    expect((await manager.client.get('/api/figures/network')).status).toBe(403);
    expect((await admin.client.get('/api/figures/today')).status).toBe(403);
  });
});
