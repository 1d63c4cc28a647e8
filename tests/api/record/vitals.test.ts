import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicDays, clinicDayOf, clinicTimeOf, clinicToday } from '@shared/clinic-time';
import type { VitalsReading } from '@shared/vitals';
import { demoPassword, demoUsers, seedDemoUsers } from '../../../server/src/auth/demo-users';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import { Client } from '../auth/client';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { recordCast } from './fixture';
import { expectError, joinWaitingRoom, start } from '../visits/fixture';

const minute = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

interface ObservationRow {
  code: string;
  value: string | number | null;
  unit: string | null;
  components: unknown;
  recorder_id: string;
  recorder_role: string;
}

interface AuditRow {
  type: string;
  action: string;
  agent_id: string | null;
  agent_role: string | null;
  entity_type: string;
  entity_id: string | null;
  subject_id: string | null;
}

describe.each(databaseVariants)('vitals on the $name database', (variant) => {
  let server: TestServer;
  let doctor: Person;
  let stranger: Person;
  let staff: Person[];
  let patients = 0;
  const newPatient = () => {
    patients += 1;
    return person(server, 'patient', { first: 'Asha', last: `Gurung ${patients}` });
  };

  const vitalsPath = (patientId: string) => `/api/patients/${patientId}/vitals`;
  const record = (who: Person, patientId: string, body: Record<string, unknown>) =>
    who.client.post<VitalsReading>(vitalsPath(patientId), body);
  const read = (who: Person, patientId: string, query = '') =>
    who.client.get<VitalsReading[]>(`${vitalsPath(patientId)}${query}`);

  async function observationsOf(patientId: string, readingId?: string): Promise<ObservationRow[]> {
    const { rows } = await sql<ObservationRow>`select code, value, unit, components, recorder_id,
        recorder_role
      from observations
      where patient_id = ${patientId} and (${readingId ?? null}::uuid is null or reading_id = ${readingId ?? null}::uuid)
      order by code`.execute(server.database.db);
    return rows;
  }

  async function auditAbout(patientId: string): Promise<AuditRow[]> {
    const { rows } = await sql<AuditRow>`select type, action, agent_id, agent_role, entity_type,
        entity_id, subject_id
      from audit_events where subject_id = ${patientId} and entity_type = 'observation'
      order by id`.execute(server.database.db);
    return rows;
  }

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    ({ doctor, stranger, staff } = await recordCast(server));
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets a patient record any measures and read them back newest first, coded in LOINC', async () => {
    const patient = await newPatient();
    const pulse = {
      id: randomUUID(),
      takenAt: ago(120 * minute),
      heartRate: 72,
      oxygenSaturation: 98,
    };
    const first = await record(patient, patient.id, pulse);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id: pulse.id,
      takenAt: pulse.takenAt,
      recordedAt: expect.any(String) as string,
      recordedBy: { id: patient.id, role: 'patient', name: `Asha Gurung ${patients}` },
      heartRate: 72,
      oxygenSaturation: 98,
      flags: [],
    });
    expect(first.headers.get('cache-control')).toBe('no-store');

    const scale = {
      id: randomUUID(),
      takenAt: ago(60 * minute),
      weight: 64.2,
      systolic: 118,
      diastolic: 76,
    };
    expect((await record(patient, patient.id, scale)).status).toBe(201);
    // Taken before the others, recorded after them: listed by when it was taken.
    const older = { id: randomUUID(), takenAt: ago(180 * minute), weight: 65 };
    expect((await record(patient, patient.id, older)).status).toBe(201);
    const now = { id: randomUUID(), heartRate: 80 };
    const recent = await record(patient, patient.id, now);
    expect(recent.status).toBe(201);
    expect(Math.abs(Date.parse(recent.body.takenAt) - Date.now())).toBeLessThan(minute);

    const list = await read(patient, patient.id);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.map((reading) => reading.id)).toEqual([now.id, scale.id, pulse.id, older.id]);
    expect(list.body[1]).toMatchObject({ weight: 64.2, systolic: 118, diastolic: 76 });
    expect(list.body[1]).not.toHaveProperty('heartRate');
    expect(list.body[2]).toEqual(first.body);

    const since = await read(patient, patient.id, `?since=${encodeURIComponent(ago(90 * minute))}`);
    expect(since.body.map((reading) => reading.id)).toEqual([now.id, scale.id]);

    expect(await observationsOf(patient.id, pulse.id)).toEqual([
      expect.objectContaining({ code: '59408-5', unit: '%', components: null }),
      expect.objectContaining({ code: '8867-4', unit: '/min', components: null }),
    ]);
    const stored = await observationsOf(patient.id, scale.id);
    const valueOf = (row: ObservationRow) => (row.value === null ? null : Number(row.value));
    expect(stored.map((row) => [row.code, valueOf(row), row.unit])).toEqual([
      ['29463-7', 64.2, 'kg'],
      ['85354-9', null, null],
    ]);
    expect(stored[1]!.components).toEqual([
      { code: '8480-6', value: 118, unit: 'mm[Hg]' },
      { code: '8462-4', value: 76, unit: 'mm[Hg]' },
    ]);
    expect(stored.every((row) => row.recorder_id === patient.id)).toBe(true);
    expect(stored.every((row) => row.recorder_role === 'patient')).toBe(true);
  });

  it('refuses each value out of its range with its message, and stores nothing', async () => {
    const patient = await newPatient();
    const refused: [Record<string, unknown>, string][] = [
      [{ heartRate: 19 }, 'Heart rate must be between 20 and 250'],
      [{ heartRate: 251 }, 'Heart rate must be between 20 and 250'],
      [{ heartRate: 72.5 }, 'Heart rate must be a whole number'],
      [{ oxygenSaturation: 49 }, 'Oxygen saturation must be between 50 and 100'],
      [{ oxygenSaturation: 101 }, 'Oxygen saturation must be between 50 and 100'],
      [{ weight: 0.4 }, 'Weight must be between 0.5 and 300'],
      [{ weight: 300.1 }, 'Weight must be between 0.5 and 300'],
      [{ weight: 64.25 }, 'Weight can have one decimal at most'],
      [{ systolic: 49, diastolic: 40 }, 'Systolic must be between 50 and 260'],
      [{ systolic: 261, diastolic: 90 }, 'Systolic must be between 50 and 260'],
      [{ systolic: 120, diastolic: 29 }, 'Diastolic must be between 30 and 160'],
      [{ systolic: 200, diastolic: 161 }, 'Diastolic must be between 30 and 160'],
      [{ systolic: 120 }, 'Please give both systolic and diastolic'],
      [{ diastolic: 80 }, 'Please give both systolic and diastolic'],
      [{ systolic: 80, diastolic: 90 }, 'Systolic must be above diastolic'],
      [{ systolic: 90, diastolic: 90 }, 'Systolic must be above diastolic'],
      [{}, 'Please enter at least one measurement'],
      [
        { heartRate: 72, takenAt: new Date(Date.now() + 10 * minute).toISOString() },
        'The time taken cannot be in the future',
      ],
      [
        { heartRate: 72, takenAt: '2026-01-01T08:00:00' },
        'Give the time taken as an ISO 8601 time',
      ],
    ];
    for (const [values, message] of refused) {
      const answer = await record(patient, patient.id, { id: randomUUID(), ...values });
      expectError(answer, 400, 'validation_failed', message);
    }
    // At the edges of every range, a reading is taken.
    for (const values of [
      { heartRate: 20, oxygenSaturation: 50, weight: 0.5, systolic: 51, diastolic: 30 },
      { heartRate: 250, oxygenSaturation: 100, weight: 300, systolic: 260, diastolic: 160 },
    ]) {
      const id = randomUUID();
      expect((await record(patient, patient.id, { id, ...values })).status).toBe(201);
      expect(await observationsOf(patient.id, id)).toHaveLength(4);
    }
    expect(await observationsOf(patient.id)).toHaveLength(8);
  });

  it('stores a resent reading once, and refuses the same id with other values', async () => {
    const patient = await newPatient();
    const reading = { id: randomUUID(), takenAt: ago(10 * minute), heartRate: 88, weight: 70.5 };
    const first = await record(patient, patient.id, reading);
    expect(first.status).toBe(201);
    const again = await record(patient, patient.id, reading);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The outbox may resend without the time: the first send's time stands.
    const resent = await record(patient, patient.id, { ...reading, takenAt: undefined });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual(first.body);
    // The id in capitals is the same id.
    const shouted = await record(patient, patient.id, { ...reading, id: reading.id.toUpperCase() });
    expect(shouted.status).toBe(200);
    expect(await observationsOf(patient.id)).toHaveLength(2);

    const conflicts = [
      { ...reading, heartRate: 89 },
      { ...reading, weight: undefined },
      { ...reading, systolic: 120, diastolic: 80 },
      { ...reading, takenAt: ago(20 * minute) },
    ];
    for (const other of conflicts) {
      expectError(
        await record(patient, patient.id, other),
        409,
        'conflict',
        'This reading was already recorded with other values.',
      );
    }
    expect(await observationsOf(patient.id)).toHaveLength(2);
    expect((await read(patient, patient.id)).body).toEqual([first.body]);
    const created = (await auditAbout(patient.id)).filter(
      (entry) => entry.type === 'observation-created',
    );
    expect(created).toEqual([
      {
        type: 'observation-created',
        action: 'C',
        agent_id: patient.id,
        agent_role: 'patient',
        entity_type: 'observation',
        entity_id: reading.id,
        subject_id: patient.id,
      },
    ]);
  });

  it('flags readings past the clinical thresholds', async () => {
    const patient = await newPatient();
    const flagsFor = async (values: Record<string, unknown>) => {
      const answer = await record(patient, patient.id, { id: randomUUID(), ...values });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.flags;
    };
    expect(
      await flagsFor({ oxygenSaturation: 91, systolic: 180, diastolic: 100, heartRate: 131 }),
    ).toEqual(['low-oxygen', 'high-blood-pressure', 'high-heart-rate']);
    expect(await flagsFor({ heartRate: 39, systolic: 150, diastolic: 110 })).toEqual([
      'high-blood-pressure',
      'low-heart-rate',
    ]);
    expect(
      await flagsFor({ oxygenSaturation: 92, systolic: 179, diastolic: 109, heartRate: 40 }),
    ).toEqual([]);
    expect(await flagsFor({ heartRate: 130, weight: 120 })).toEqual([]);
    const listed = await read(patient, patient.id);
    expect(
      listed.body.map((reading) => reading.flags).filter((flags) => flags.length > 0),
    ).toHaveLength(2);
  });

  it('lets a doctor with a visit with the patient read and record, and records the read', async () => {
    const patient = await newPatient();
    const own = { id: randomUUID(), takenAt: ago(30 * minute), oxygenSaturation: 97 };
    expect((await record(patient, patient.id, own)).status).toBe(201);
    expect((await read(patient, patient.id)).status).toBe(200);
    // Before any visit the doctor is no one to the patient.
    expectError(await read(doctor, patient.id), 404, 'not_found', 'No such patient.');

    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);
    const taken = {
      id: randomUUID(),
      heartRate: 76,
      systolic: 130,
      diastolic: 85,
      // Never believed from the body: the recorder is who calls.
      recordedBy: { id: patient.id, role: 'patient' },
      recorderRole: 'patient',
    };
    const recorded = await record(doctor, patient.id, taken);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body.recordedBy).toEqual({ id: doctor.id, role: 'doctor', name: 'Ram Thapa' });
    expect((await observationsOf(patient.id, taken.id)).map((row) => row.recorder_role)).toEqual([
      'doctor',
      'doctor',
    ]);

    const seen = await read(doctor, patient.id);
    expect(seen.status).toBe(200);
    expect(seen.body.map((reading) => reading.id)).toEqual([taken.id, own.id]);
    const patientSees = await read(patient, patient.id);
    expect(patientSees.body).toEqual(seen.body);

    const entries = await auditAbout(patient.id);
    const reads = entries.filter((entry) => entry.type === 'observation-read');
    // The doctor's read, a reading at a time; the patient's own reads are not recorded.
    expect(reads).toEqual(
      [taken.id, own.id].map((id) => ({
        type: 'observation-read',
        action: 'R',
        agent_id: doctor.id,
        agent_role: 'doctor',
        entity_type: 'observation',
        entity_id: id,
        subject_id: patient.id,
      })),
    );
    expect(entries.filter((entry) => entry.type === 'observation-created')).toEqual([
      expect.objectContaining({ agent_id: patient.id, entity_id: own.id }),
      expect.objectContaining({ agent_id: doctor.id, agent_role: 'doctor', entity_id: taken.id }),
    ]);
  });

  it('answers everyone else as if the patient did not exist, and stores nothing', async () => {
    const patient = await newPatient();
    const other = await newPatient();
    expect((await record(patient, patient.id, { id: randomUUID(), heartRate: 70 })).status).toBe(
      201,
    );
    const before = await observationsOf(patient.id);
    const auditBefore = await auditAbout(patient.id);

    for (const outsider of [stranger, other, ...staff]) {
      expectError(await read(outsider, patient.id), 404, 'not_found', 'No such patient.');
      expectError(
        await record(outsider, patient.id, { id: randomUUID(), heartRate: 70 }),
        404,
        'not_found',
        'No such patient.',
      );
    }
    // Nobody's own id is a patient's record unless they are a patient.
    for (const self of [stranger, ...staff]) {
      expectError(await read(self, self.id), 404, 'not_found', 'No such patient.');
      expectError(
        await record(self, self.id, { id: randomUUID(), heartRate: 70 }),
        404,
        'not_found',
        'No such patient.',
      );
      expect(await observationsOf(self.id)).toEqual([]);
    }
    // A patient that does not exist, and an id that could not be one, answer the same.
    for (const missing of ['no-such-account', 'a.b', "1'; drop table observations"]) {
      expectError(
        await patient.client.get(vitalsPath(encodeURIComponent(missing))),
        404,
        'not_found',
        'No such patient.',
      );
    }
    expect(await observationsOf(patient.id)).toEqual(before);
    expect(await auditAbout(patient.id)).toEqual(auditBefore);
    expect((await read(other, other.id)).body).toEqual([]);

    const signedOut = new Client(server.url);
    expect((await signedOut.get(vitalsPath(patient.id))).status).toBe(401);
  });

  it('gives the demo patient the reading the demo doctor took, once, and a new patient none', async () => {
    const { db } = server.database;
    await seedDemoUsers(server.auth, db, profilesRepository(db));
    await seedDemoUsers(server.auth, db, profilesRepository(db));

    const demoPatient = new Client(server.url);
    const signIn = await demoPatient.post<{ user: { id: string } }>('/api/auth/sign-in/email', {
      email: demoUsers.find((user) => user.role === 'patient')!.email,
      password: demoPassword,
    });
    expect(signIn.status).toBe(200);
    const patientId = signIn.body.user.id;
    const list = await demoPatient.get<VitalsReading[]>(vitalsPath(patientId));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const [reading] = list.body;
    expect(reading).toMatchObject({
      heartRate: 72,
      oxygenSaturation: 98,
      weight: 64.2,
      systolic: 118,
      diastolic: 76,
      flags: [],
      recordedBy: { role: 'doctor', name: 'Ram Thapa' },
    });
    expect(clinicDayOf(reading!.takenAt)).toBe(addClinicDays(clinicToday(), -1));
    expect(clinicTimeOf(reading!.takenAt)).toBe('08:00');
    expect(await observationsOf(patientId)).toHaveLength(4);

    const fresh = await newPatient();
    expect((await read(fresh, fresh.id)).body).toEqual([]);
  });
});
