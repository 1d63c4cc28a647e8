import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentVisit, JoinAnswer, Visit } from '../../../shared/visits';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import {
  act,
  backdate,
  eventsOf,
  expectError,
  inProgress,
  joinWaitingRoom,
  start,
} from './fixture';

const minute = 60_000;

describe.each(databaseVariants)('the visit lifecycle on the $name database', (variant) => {
  let server: TestServer;
  let doctor: Person;
  let otherDoctor: Person;
  let stranger: Person;
  let manager: Person;
  let patients = 0;
  const newPatient = () => {
    patients += 1;
    return person(server, 'patient', { first: 'Asha', last: `Gurung ${patients}` });
  };

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    otherDoctor = await person(server, 'doctor', { first: 'Sita', last: 'Rai' });
    stranger = await person(server, 'patient', { first: 'Bimal' });
    manager = await person(server, 'manager', { first: 'Gita' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('goes from the waiting room to a summary, recording every change', async () => {
    const patient = await newPatient();
    const queued = await joinWaitingRoom(patient, { reason: '  Fever for three days  ' });
    expect(queued).toMatchObject({
      status: 'queued',
      type: 'video',
      priority: 'routine',
      reason: 'Fever for three days',
      patientId: patient.id,
      patientName: `Asha Gurung ${patients}`,
      doctorId: null,
      doctorName: null,
      startedAt: null,
      summary: null,
      durationMinutes: null,
    });
    expect(queued.position).toBeGreaterThanOrEqual(1);

    const again = await patient.client.post<Visit>('/api/visits', { reason: 'Something else' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(queued.id);
    expect(again.body.reason).toBe('Fever for three days');

    const started = await start(doctor, queued.id);
    expect(started).toMatchObject({
      status: 'waiting',
      doctorId: doctor.id,
      doctorName: 'Ram Thapa',
      position: null,
      estimatedWaitMinutes: null,
    });
    expect(started.startedAt).not.toBeNull();

    const joined = await patient.client.post<JoinAnswer>(`/api/visits/${queued.id}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body.visit.status).toBe('in_progress');
    expect(joined.body.iceServers).toEqual([]);
    expect(joined.body.signalCursor).toBe('0');

    // Joining again is the heartbeat: same visit, nothing moves.
    const heartbeat = await doctor.client.post<JoinAnswer>(`/api/visits/${queued.id}/join`);
    expect(heartbeat.body.visit.status).toBe('in_progress');

    const current = await patient.client.get<CurrentVisit>('/api/visits/current');
    expect(current.body.visit?.id).toBe(queued.id);

    const early = await doctor.client.call('PUT', `/api/visits/${queued.id}/summary`, {
      summary: 'Too soon',
    });
    expectError(early, 409, 'visit_not_ready', 'The summary is written after the visit ends.');

    const ended = await act(doctor, queued.id, 'end');
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'finished', durationMinutes: 0 });
    expect(ended.body.endedAt).not.toBeNull();

    const summary = await doctor.client.call<Visit>('PUT', `/api/visits/${queued.id}/summary`, {
      summary: ' Viral fever; fluids and rest. ',
    });
    expect(summary.status).toBe(200);
    expect(summary.body.summary).toBe('Viral fever; fluids and rest.');

    const history = await patient.client.get<Visit[]>('/api/visits/history');
    expect(history.body.map((visit) => visit.id)).toEqual([queued.id]);
    expect(history.body[0]?.summary).toBe('Viral fever; fluids and rest.');
    expect((await patient.client.get<CurrentVisit>('/api/visits/current')).body.visit).toBeNull();

    expect(await eventsOf(server, queued.id)).toEqual([
      { from_status: null, to_status: 'queued', actor_id: patient.id },
      { from_status: 'queued', to_status: 'waiting', actor_id: doctor.id },
      { from_status: 'waiting', to_status: 'in_progress', actor_id: patient.id },
      { from_status: 'in_progress', to_status: 'finished', actor_id: doctor.id },
    ]);
  });

  it('keeps one open visit per patient, even when joins race', async () => {
    const patient = await newPatient();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        patient.client.post<Visit>('/api/visits', { reason: 'Cough' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    const { rows } = await sql<{ count: string | number }>`select count(*) as count from visits
      where patient_id = ${patient.id}`.execute(server.database.db);
    expect(Number(rows[0]?.count)).toBe(1);
    expect(await eventsOf(server, answers[0]!.body.id)).toHaveLength(1);
  });

  it('lets exactly one of two doctors start a visit', async () => {
    const patient = await newPatient();
    const visit = await joinWaitingRoom(patient);
    const answers = await Promise.all([
      act(doctor, visit.id, 'start'),
      act(otherDoctor, visit.id, 'start'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expectError(lost, 409, 'visit_taken', 'Another doctor has already started this visit.');
    const won = answers.find((answer) => answer.status === 200)!;
    const events = await eventsOf(server, visit.id);
    expect(events.filter((event) => event.to_status === 'waiting')).toEqual([
      { from_status: 'queued', to_status: 'waiting', actor_id: won.body.doctorId },
    ]);
    // Starting it again, even by its own doctor, is taken too.
    expectError(await act(doctor, visit.id, 'start'), 409, 'visit_taken');
  });

  it('refuses the moves the rules do not allow', async () => {
    const patient = await newPatient();
    const visit = await joinWaitingRoom(patient);

    // Queued: not ready to join; a patient cannot end it (queued → finished), doctors cannot see it.
    expectError(
      await act(patient, visit.id, 'join'),
      409,
      'visit_not_ready',
      'Your doctor has not started this visit yet.',
    );
    expectError(
      await act(patient, visit.id, 'end'),
      403,
      'forbidden',
      'Only the doctor can end the visit.',
    );
    expectError(await act(doctor, visit.id, 'end'), 404, 'not_found', 'No such visit.');
    expectError(await act(doctor, visit.id, 'cancel'), 404, 'not_found');
    expectError(
      await patient.client.post(`/api/visits/${visit.id}/signals`, {
        kind: 'hello',
        session: randomUUID(),
      }),
      409,
      'visit_not_ready',
    );

    // In progress: the patient can neither cancel nor end it; no summary yet.
    await start(doctor, visit.id);
    await act(patient, visit.id, 'join');
    expectError(await act(patient, visit.id, 'cancel'), 409, 'conflict');
    expectError(await act(patient, visit.id, 'end'), 403, 'forbidden');
    expectError(
      await patient.client.call('PUT', `/api/visits/${visit.id}/summary`, { summary: 'Mine' }),
      403,
      'forbidden',
    );

    // Finished: nothing moves any more.
    expect((await act(doctor, visit.id, 'end')).body.status).toBe('finished');
    expectError(await act(doctor, visit.id, 'end'), 409, 'visit_closed', 'This visit has ended.');
    expectError(await act(doctor, visit.id, 'cancel'), 409, 'visit_closed');
    expectError(await act(patient, visit.id, 'cancel'), 409, 'visit_closed');
    expectError(await act(patient, visit.id, 'join'), 409, 'visit_closed');
    // Its own doctor hears why; another doctor learns nothing of a visit that is not queued.
    expectError(await act(doctor, visit.id, 'start'), 409, 'visit_closed');
    expectError(await act(otherDoctor, visit.id, 'start'), 404, 'not_found');
    expectError(
      await doctor.client.post(`/api/visits/${visit.id}/signals`, {
        kind: 'bye',
        session: randomUUID(),
      }),
      409,
      'visit_closed',
    );
    expect((await doctor.client.get<Visit>(`/api/visits/${visit.id}`)).body.status).toBe(
      'finished',
    );
  });

  it('cancels from the waiting room and when the doctor gives up before the call', async () => {
    const first = await newPatient();
    const queued = await joinWaitingRoom(first);
    const left = await act(first, queued.id, 'cancel');
    expect(left.body).toMatchObject({ status: 'cancelled' });
    expect(left.body.endedAt).not.toBeNull();
    expectError(await act(doctor, queued.id, 'start'), 404, 'not_found');

    const second = await newPatient();
    const waiting = await joinWaitingRoom(second);
    await start(doctor, waiting.id);
    expect((await act(second, waiting.id, 'cancel')).body.status).toBe('cancelled');

    const third = await newPatient();
    const byDoctor = await joinWaitingRoom(third);
    await start(doctor, byDoctor.id);
    expect((await act(doctor, byDoctor.id, 'cancel')).body.status).toBe('cancelled');

    const fourth = await newPatient();
    const ended = await joinWaitingRoom(fourth);
    await start(doctor, ended.id);
    expect((await act(doctor, ended.id, 'end')).body.status).toBe('cancelled');
    expect((await eventsOf(server, ended.id)).at(-1)).toEqual({
      from_status: 'waiting',
      to_status: 'cancelled',
      actor_id: doctor.id,
    });

    // A new visit after a cancelled one is a new visit.
    const next = await joinWaitingRoom(first);
    expect(next.id).not.toBe(queued.id);
  });

  it('marks a started visit a no-show after ten minutes without the patient', async () => {
    const patient = await newPatient();
    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);

    await backdate(server, visit.id, ['started_at'], 9 * minute);
    await server.tasks.visitClock();
    expect((await doctor.client.get<Visit>(`/api/visits/${visit.id}`)).body.status).toBe('waiting');

    await backdate(server, visit.id, ['started_at'], 10 * minute + 5_000);
    // A read shows the visit as it is stored: it changes nothing, the clock does.
    expect((await patient.client.get<Visit>(`/api/visits/${visit.id}`)).body.status).toBe(
      'waiting',
    );
    await server.tasks.visitClock();
    const read = await patient.client.get<Visit>(`/api/visits/${visit.id}`);
    expect(read.body.status).toBe('no_show');
    expect(read.body.endedAt).not.toBeNull();
    expect((await eventsOf(server, visit.id)).at(-1)).toEqual({
      from_status: 'waiting',
      to_status: 'no_show',
      actor_id: null,
    });
    expectError(await act(patient, visit.id, 'join'), 409, 'visit_closed');
    expect((await patient.client.get<CurrentVisit>('/api/visits/current')).body.visit).toBeNull();
  });

  it('keeps a call open for fifteen minutes after both have gone, then finishes it', async () => {
    const patient = await newPatient();
    const visit = await inProgress(patient, doctor);
    const left = await act(patient, visit.id, 'leave');
    expect(left.status).toBe(200);
    expect(left.body.status).toBe('in_progress');
    await act(doctor, visit.id, 'leave');

    await backdate(server, visit.id, ['patient_seen_at', 'doctor_seen_at'], 14 * minute);
    const back = await patient.client.post<JoinAnswer>(`/api/visits/${visit.id}/join`);
    expect(back.status).toBe(200);
    expect(back.body.visit.status).toBe('in_progress');

    await backdate(server, visit.id, ['patient_seen_at', 'doctor_seen_at'], 15 * minute + 5_000);
    await backdate(server, visit.id, ['in_progress_at'], 40 * minute);
    await server.tasks.visitClock();
    const read = await doctor.client.get<Visit>(`/api/visits/${visit.id}`);
    expect(read.body.status).toBe('finished');
    // It ended when they were last seen, not when the sweep noticed.
    expect(read.body.durationMinutes).toBe(25);
    expect((await eventsOf(server, visit.id)).at(-1)).toEqual({
      from_status: 'in_progress',
      to_status: 'finished',
      actor_id: null,
    });
    expectError(await act(patient, visit.id, 'join'), 409, 'visit_closed');
  });

  it('shows a visit to nobody but its patient and its doctor', async () => {
    const patient = await newPatient();
    const visit = await inProgress(patient, doctor);
    const missing = { code: 'not_found', message: 'No such visit.' };
    for (const outsider of [stranger, otherDoctor, manager]) {
      const answers = [
        await outsider.client.get(`/api/visits/${visit.id}`),
        await outsider.client.get(`/api/visits/${visit.id}/signals`),
        await outsider.client.post(`/api/visits/${visit.id}/signals`, {
          kind: 'bye',
          session: randomUUID(),
        }),
        await act(outsider, visit.id, 'join'),
        await act(outsider, visit.id, 'leave'),
        await act(outsider, visit.id, 'cancel'),
        await act(outsider, visit.id, 'end'),
        await outsider.client.call('PUT', `/api/visits/${visit.id}/summary`, { summary: 'Mine' }),
      ];
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(404);
        expect(answer.body).toEqual({ error: missing });
      }
    }
    // A malformed or unknown id reads the same.
    for (const id of ['not-a-visit', randomUUID()]) {
      const answer = await doctor.client.get(`/api/visits/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: missing });
    }
    expectError(await act(doctor, randomUUID(), 'start'), 404, 'not_found');
    expect((await doctor.client.get<Visit>(`/api/visits/${visit.id}`)).body.status).toBe(
      'in_progress',
    );
  });

  it('keeps the waiting room for patients and the queue for doctors', async () => {
    expectError(await doctor.client.post('/api/visits', { reason: 'Test' }), 403, 'forbidden');
    expectError(await manager.client.get('/api/visits/current'), 403, 'forbidden');
    expectError(await doctor.client.get('/api/visits/history'), 403, 'forbidden');
    expectError(await stranger.client.get('/api/visits/queue'), 403, 'forbidden');
    expectError(await manager.client.post(`/api/visits/${randomUUID()}/start`), 403, 'forbidden');
    const tooLong = await stranger.client.post('/api/visits', { reason: 'x'.repeat(201) });
    expectError(tooLong, 400, 'validation_failed', 'A reason can have at most 200 characters');
    expectError(
      await stranger.client.post('/api/visits', { reason: 'x', type: 'fax' }),
      400,
      'validation_failed',
    );
  });
});
