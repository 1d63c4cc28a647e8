import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitSignalLimits, type Queue, type Visit } from '@shared/visits';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { act, backdate, expectError, inProgress, joinWaitingRoom, start } from './fixture';

const minute = 60_000;

describe.each(databaseVariants)(
  'what visits refuse and record on the $name database',
  (variant) => {
    let server: TestServer;
    let doctor: Person;
    let otherDoctor: Person;
    let patients = 0;
    const newPatient = () => {
      patients += 1;
      return person(server, 'patient', { first: 'Maya', last: `Tamang ${patients}` });
    };
    const count = async (query: ReturnType<typeof sql<{ n: string | number }>>) =>
      Number((await query.execute(server.database.db)).rows[0]?.n);

    beforeAll(async () => {
      // The clock keeps still here, so that what moves a visit is the step under test.
      server = await startTestServer({
        variant,
        env: { DEMO_USERS: 'false' },
        clockIntervalMs: 24 * 60 * minute,
      });
      doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
      otherDoctor = await person(server, 'doctor', { first: 'Sita', last: 'Rai' });
    });
    afterAll(async () => {
      await server.close();
    });

    it('joins in one tap with no reason, and lets the patient give one while waiting', async () => {
      const patient = await newPatient();
      const joined = await patient.client.post<Visit>('/api/visits', {});
      expect(joined.status).toBe(201);
      expect(joined.body.reason).toBe('');

      const given = await patient.client.call<Visit>(
        'PUT',
        `/api/visits/${joined.body.id}/reason`,
        {
          reason: '  Fever since Tuesday  ',
        },
      );
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      expect(given.body.reason).toBe('Fever since Tuesday');
      const queue = await doctor.client.get<Queue>('/api/visits/queue');
      expect(queue.body.entries.find((entry) => entry.id === joined.body.id)?.reason).toBe(
        'Fever since Tuesday',
      );

      const blank = await patient.client.call('PUT', `/api/visits/${joined.body.id}/reason`, {
        reason: ' ',
      });
      expectError(blank, 400, 'validation_failed', 'Please give a reason for the visit');
      // Nobody else gives a patient's reason, not even the doctor once it is theirs.
      await start(doctor, joined.body.id);
      for (const other of [doctor, otherDoctor, await newPatient()]) {
        const answer = await other.client.call('PUT', `/api/visits/${joined.body.id}/reason`, {
          reason: 'Mine',
        });
        expectError(answer, 404, 'not_found', 'No such visit.');
      }
      await act(patient, joined.body.id, 'cancel');
      const late = await patient.client.call('PUT', `/api/visits/${joined.body.id}/reason`, {
        reason: 'Too late',
      });
      expectError(late, 409, 'visit_closed');
    });

    it('never lets a patient set their own priority', async () => {
      const first = await newPatient();
      const second = await newPatient();
      const routine = await joinWaitingRoom(first, { reason: 'Cough' });
      const pushy = await second.client.post<Visit>('/api/visits', {
        reason: 'Cough',
        priority: 'urgent',
      });
      expect(pushy.status).toBe(201);
      expect(pushy.body.priority).toBe('routine');
      const queue = await doctor.client.get<Queue>('/api/visits/queue');
      const order = queue.body.entries.map((entry) => entry.id);
      expect(order.indexOf(routine.id)).toBeLessThan(order.indexOf(pushy.body.id));
      // A patient's id is named only to a doctor who may read their record: not these two yet.
      const theirs = queue.body.entries.filter((entry) =>
        [routine.id, pushy.body.id].includes(entry.id),
      );
      expect(theirs.map((entry) => entry.patientId)).toEqual([null, null]);
      for (const id of [routine.id, pushy.body.id]) await act(doctor, id, 'start');
    });

    it('tells a doctor nothing about a visit that is not queued and is not theirs to read', async () => {
      const patient = await newPatient();
      const visit = await inProgress(patient, doctor);
      // Just taken from the queue every doctor sees: the other doctor hears it was taken.
      expectError(await act(otherDoctor, visit.id, 'start'), 409, 'visit_taken');
      await backdate(server, visit.id, ['started_at'], 3 * minute);
      expectError(await act(otherDoctor, visit.id, 'start'), 404, 'not_found', 'No such visit.');
      // Its own doctor hears the truth.
      expectError(await act(doctor, visit.id, 'start'), 409, 'visit_taken');
      await act(doctor, visit.id, 'end');
      expectError(await act(otherDoctor, visit.id, 'start'), 404, 'not_found', 'No such visit.');
      expectError(await act(otherDoctor, randomUUID(), 'start'), 404, 'not_found');
    });

    it('caps the signals a visit stores, by count and by bytes', async () => {
      const patient = await newPatient();
      const visit = await inProgress(patient, doctor);
      const send = () =>
        patient.client.post(`/api/visits/${visit.id}/signals`, {
          kind: 'hello',
          session: randomUUID(),
        });
      expect((await send()).status).toBe(202);

      // Nearly full by bytes: room left for one and a half signals like the last one.
      await sql`insert into visit_signals (visit_id, from_user_id, to_user_id, body, bytes)
      select ${visit.id}, ${doctor.id}, ${patient.id}, '{}'::jsonb,
        ${visitSignalLimits.bytesPerVisit} - sum(bytes) - max(bytes) * 3 / 2
      from visit_signals where visit_id = ${visit.id}`.execute(server.database.db);
      expect((await send()).status).toBe(202);
      expectError(await send(), 413, 'payload_too_large');

      // Full by count.
      await sql`delete from visit_signals where visit_id = ${visit.id}`.execute(server.database.db);
      await sql`insert into visit_signals (visit_id, from_user_id, to_user_id, body, bytes)
      select ${visit.id}, ${doctor.id}, ${patient.id}, '{}'::jsonb, 2
      from generate_series(1, ${visitSignalLimits.perVisit})`.execute(server.database.db);
      expectError(await send(), 413, 'payload_too_large');
      expect(
        await count(sql<{ n: number }>`select count(*) as n from visit_signals
        where visit_id = ${visit.id}`),
      ).toBe(visitSignalLimits.perVisit);
    });

    it("holds a party to the signals' rate however the visit's id is spelt", async () => {
      const patient = await newPatient();
      const visit = await inProgress(patient, doctor);
      const send = (id: string) =>
        patient.client.post(`/api/visits/${id}/signals`, { kind: 'hello', session: randomUUID() });
      let sent = 0;
      while ((await send(visit.id)).status === 202) sent += 1;
      expect(sent).toBe(visitSignalLimits.perMinute);
      expectError(await send(visit.id.toUpperCase()), 429, 'rate_limited');
      const mixed = visit.id.replace(/[a-f]/, (letter) => letter.toUpperCase());
      expectError(await send(mixed), 429, 'rate_limited');
    });

    it('changes nothing on a read: only the clock moves an overdue visit', async () => {
      const patient = await newPatient();
      const visit = await joinWaitingRoom(patient);
      await start(doctor, visit.id);
      await backdate(server, visit.id, ['started_at'], 11 * minute);
      const changes = () =>
        count(
          sql<{ n: number }>`select count(*) as n from visit_events where visit_id = ${visit.id}`,
        );
      const before = await changes();
      for (const path of [
        `/api/visits/${visit.id}`,
        '/api/visits/current',
        '/api/visits/history',
        `/api/visits/${visit.id}/signals`,
      ]) {
        expect((await patient.client.get(path)).status).toBe(200);
      }
      expect((await doctor.client.get('/api/visits/queue')).status).toBe(200);
      expect(await changes()).toBe(before);
      expect((await patient.client.get<Visit>(`/api/visits/${visit.id}`)).body.status).toBe(
        'waiting',
      );

      // A step that would change the visit sees the truth first.
      expectError(await act(patient, visit.id, 'join'), 409, 'visit_closed');
      expect((await patient.client.get<Visit>(`/api/visits/${visit.id}`)).body.status).toBe(
        'no_show',
      );
    });

    it("records each patient a doctor's queue shows, and a doctor's steps in a call", async () => {
      const patient = await newPatient();
      const visit = await joinWaitingRoom(patient);
      const reads = (via: string) =>
        count(sql<{ n: number }>`select count(*) as n from audit_events
        where type = 'visit-read' and agent_id = ${doctor.id} and entity_id = ${visit.id}
          and subject_id = ${patient.id} and detail->>'via' = ${via}`);
      expect((await doctor.client.get('/api/visits/queue')).status).toBe(200);
      expect(await reads('queue')).toBe(1);

      await start(doctor, visit.id);
      expect((await doctor.client.post(`/api/visits/${visit.id}/join`)).status).toBe(200);
      expect((await act(doctor, visit.id, 'leave')).status).toBe(200);
      expect(await reads('join')).toBe(1);
      expect(await reads('leave')).toBe(1);
      // The patient's own steps are theirs: not recorded as reads.
      expect((await patient.client.post(`/api/visits/${visit.id}/join`)).status).toBe(200);
      expect(
        await count(sql<{ n: number }>`select count(*) as n from audit_events
        where type = 'visit-read' and agent_id = ${patient.id}`),
      ).toBe(0);
    });
  },
);
