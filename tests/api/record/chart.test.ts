import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chart } from '@shared/chart';
import { clinicToday } from '@shared/clinic-time';
import type { Medication } from '@shared/medications';
import type { Queue, Visit } from '@shared/visits';
import type { VitalsReading } from '@shared/vitals';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import { Client } from '../auth/client';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { recordCast } from './fixture';
import { act, expectError, inProgress, joinWaitingRoom } from '../visits/fixture';

interface AuditRow {
  type: string;
  action: string;
  agent_id: string | null;
  agent_role: string | null;
  entity_type: string;
  entity_id: string | null;
  subject_id: string | null;
}

const day = 24 * 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(databaseVariants)('the chart on the $name database', (variant) => {
  let server: TestServer;
  let doctor: Person;
  let stranger: Person;
  let staff: Person[];
  let patients = 0;

  const chartPath = (patientId: string) => `/api/patients/${patientId}/chart`;
  const readChart = (who: Person | Client, patientId: string) =>
    ('client' in who ? who.client : who).get<Chart>(chartPath(patientId));

  async function chartReads(patientId: string): Promise<AuditRow[]> {
    const { rows } = await sql<AuditRow>`select type, action, agent_id, agent_role, entity_type,
        entity_id, subject_id
      from audit_events where subject_id = ${patientId} and type = 'chart-read'
      order by id`.execute(server.database.db);
    return rows;
  }

  /** A patient with a finished, summarised visit with the doctor, and a date of birth. */
  async function caredForPatient(): Promise<{ patient: Person; visit: Visit }> {
    patients += 1;
    const patient = await person(server, 'patient', { first: 'Asha', last: `Gurung ${patients}` });
    await server.database.db
      .updateTable('profiles')
      .set({ gender: 'female', age: 70, date_system: 'ad', dob_ad: '1990-01-01' })
      .where('id', '=', patient.id)
      .execute();
    const visit = await inProgress(patient, doctor);
    expect((await act(doctor, visit.id, 'end')).status).toBe(200);
    const summary = await doctor.client.call<Visit>('PUT', `/api/visits/${visit.id}/summary`, {
      summary: 'Viral fever; fluids and rest.',
    });
    expect(summary.status).toBe(200);
    return { patient, visit };
  }

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    ({ doctor, stranger, staff } = await recordCast(server));
  });
  afterAll(async () => {
    await server.close();
  });

  it('shows a caring doctor the patient’s record: readings, a prescription with adherence, visits', async () => {
    const { patient, visit } = await caredForPatient();
    const old = await patient.client.post<VitalsReading>(`/api/patients/${patient.id}/vitals`, {
      id: randomUUID(),
      takenAt: ago(40 * day),
      weight: 60.5,
    });
    expect(old.status).toBe(201);
    const reading = await patient.client.post<VitalsReading>(`/api/patients/${patient.id}/vitals`, {
      id: randomUUID(),
      takenAt: ago(60 * 60_000),
      heartRate: 72,
      oxygenSaturation: 90,
    });
    expect(reading.status).toBe(201);
    const prescribed = await doctor.client.post<Medication>(
      `/api/patients/${patient.id}/medications`,
      {
        id: randomUUID(),
        medicine: 'Amlodipine 5 mg',
        dose: { amount: 1, form: 'tablet' },
        times: ['morning'],
        startDay: clinicToday(),
      },
    );
    expect(prescribed.status).toBe(201);

    const answer = await readChart(doctor, patient.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const chart = answer.body;
    expect(chart.patient).toEqual({
      id: patient.id,
      name: `Asha Gurung ${patients}`,
      age: expect.any(Number) as number,
      gender: 'female',
    });
    // The age comes from the date of birth, not the age typed at sign-up.
    expect(chart.patient.age).toBeGreaterThanOrEqual(35);
    expect(chart.patient.age).toBeLessThan(70);

    // The reading recorded by the patient, flagged; the weight of 40 days ago is the latest
    // weight but not in the 30-day trend.
    expect(chart.vitals.latest.heartRate).toEqual({
      value: 72,
      takenAt: reading.body.takenAt,
      flags: [],
    });
    expect(chart.vitals.latest.oxygenSaturation).toEqual({
      value: 90,
      takenAt: reading.body.takenAt,
      flags: ['low-oxygen'],
    });
    expect(chart.vitals.latest.weight).toMatchObject({ value: 60.5, takenAt: old.body.takenAt });
    expect(chart.vitals.latest.bloodPressure).toBeUndefined();
    expect(chart.vitals.recent).toEqual([reading.body]);
    expect(chart.vitals.recent[0]?.recordedBy).toMatchObject({ id: patient.id, role: 'patient' });

    expect(chart.medications).toHaveLength(1);
    expect(chart.medications[0]).toMatchObject({
      id: prescribed.body.id,
      medicine: 'Amlodipine 5 mg',
      status: 'active',
      prescribedBy: { id: doctor.id, name: 'Ram Thapa' },
      adherence: prescribed.body.adherence,
    });

    expect(chart.visits).toEqual([
      {
        id: visit.id,
        status: 'finished',
        reason: 'Fever for three days',
        doctorName: 'Ram Thapa',
        startedAt: expect.any(String) as string,
        endedAt: expect.any(String) as string,
        summary: 'Viral fever; fluids and rest.',
      },
    ]);
    expect(chart.documents).toEqual([]);

    // The patient reads their own chart; each read is one entry naming who and whose.
    const own = await readChart(patient, patient.id);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(chart);
    expect(await chartReads(patient.id)).toEqual([
      {
        type: 'chart-read',
        action: 'R',
        agent_id: doctor.id,
        agent_role: 'doctor',
        entity_type: 'patient-record',
        entity_id: patient.id,
        subject_id: patient.id,
      },
      {
        type: 'chart-read',
        action: 'R',
        agent_id: patient.id,
        agent_role: 'patient',
        entity_type: 'patient-record',
        entity_id: patient.id,
        subject_id: patient.id,
      },
    ]);
  });

  it('shows a patient with no record an empty chart: no numbers, no medicines', async () => {
    patients += 1;
    const patient = await person(server, 'patient', { first: 'Nabin' });
    await profilesRepository(server.database.db).upsertNames(patient.id, {
      first_name: 'Nabin',
      last_name: null,
    });
    const answer = await readChart(patient, patient.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      patient: { id: patient.id, name: 'Nabin', age: null, gender: null },
      vitals: { latest: {}, recent: [] },
      medications: [],
      visits: [],
      documents: [],
      careCircle: [],
    });
  });

  it('names the patient in the queue only to a doctor who may read their chart', async () => {
    const { patient } = await caredForPatient();
    const again = await joinWaitingRoom(patient, { reason: 'Cough' });
    const entryFor = async (who: Person) => {
      const queue = await who.client.get<Queue>('/api/visits/queue');
      expect(queue.status).toBe(200);
      return queue.body.entries.find((entry) => entry.id === again.id);
    };
    expect(await entryFor(doctor)).toMatchObject({ patientId: patient.id });
    expect(await entryFor(stranger)).toMatchObject({ patientId: null });
    expect((await act(patient, again.id, 'cancel')).status).toBe(200);
  });

  it('answers everyone else exactly as for a patient that does not exist, and records nothing', async () => {
    const { patient } = await caredForPatient();
    const before = await chartReads(patient.id);
    const unknown = await readChart(doctor, randomUUID());
    expectError(unknown, 404, 'not_found', 'No such patient.');
    for (const outsider of [stranger, ...staff]) {
      const answer = await readChart(outsider, patient.id);
      expectError(answer, 404, 'not_found', 'No such patient.');
      expect(answer.body).toEqual(unknown.body);
      // Their own id is no patient's either.
      expect((await readChart(outsider, outsider.id)).body).toEqual(unknown.body);
    }
    // Another patient's chart is no more theirs.
    patients += 1;
    const other = await person(server, 'patient', { first: 'Other' });
    expect((await readChart(other, patient.id)).body).toEqual(unknown.body);
    // A malformed id is answered as the record's other routes answer it.
    for (const bad of ['not%20an%20id', 'x'.repeat(101), 'a.b', 'a!b']) {
      const answer = await doctor.client.get(chartPath(bad));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      const vitals = await doctor.client.get(`/api/patients/${bad}/vitals`);
      expect(answer.status).toBe(vitals.status);
      expect(answer.body).toEqual(vitals.body);
      if (answer.status === 404) expect(answer.body).toEqual(unknown.body);
    }
    expect(await chartReads(patient.id)).toEqual(before);

    const signedOut = new Client(server.url);
    const answer = await readChart(signedOut, patient.id);
    expect(answer.status).toBe(401);
  });
});
