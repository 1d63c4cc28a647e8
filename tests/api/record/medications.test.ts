import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addClinicDays,
  clinicDayOf,
  clinicDayStart,
  clinicMoment,
  clinicTimeOf,
  clinicToday,
} from '@shared/clinic-time';
import type { Dose, Medication } from '@shared/medications';
import { patientAccess } from '../../../server/src/access/patient-access';
import type { Actor } from '../../../server/src/auth/actor';
import { demoPassword, demoUsers, seedDemoUsers } from '../../../server/src/auth/demo-users';
import { auditRepository } from '../../../server/src/audit/audit-repository';
import { auditTrail } from '../../../server/src/audit/audit-trail';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import { medicationsRepository } from '../../../server/src/record/medications-repository';
import { medicationsService } from '../../../server/src/record/medications-service';
import { Client } from '../auth/client';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { recordCast } from './fixture';
import { expectError, joinWaitingRoom, start } from '../visits/fixture';

interface AuditRow {
  type: string;
  action: string;
  agent_id: string | null;
  agent_role: string | null;
  entity_type: string;
  entity_id: string | null;
  detail: Record<string, unknown> | null;
}

const prescription = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  medicine: 'Amlodipine 5 mg',
  dose: { amount: 1, form: 'tablet' },
  times: ['night', 'morning'],
  food: 'after',
  note: 'With a glass of water',
  ...overrides,
});

describe.each(databaseVariants)('medications on the $name database', (variant) => {
  let server: TestServer;
  let doctor: Person;
  let stranger: Person;
  let staff: Person[];
  let patients = 0;
  const newPatient = () => {
    patients += 1;
    return person(server, 'patient', { first: 'Asha', last: `Gurung ${patients}` });
  };

  const base = (patientId: string) => `/api/patients/${patientId}`;
  const prescribe = (who: Person, patientId: string, body: Record<string, unknown>) =>
    who.client.post<Medication>(`${base(patientId)}/medications`, body);
  const list = (who: Person, patientId: string) =>
    who.client.get<Medication[]>(`${base(patientId)}/medications`);
  const stop = (who: Person, patientId: string, medicationId: string, reason = 'Side effects') =>
    who.client.post<Medication>(`${base(patientId)}/medications/${medicationId}/stop`, { reason });
  const doses = (who: Person, patientId: string, day?: string) =>
    who.client.get<Dose[]>(`${base(patientId)}/doses${day === undefined ? '' : `?day=${day}`}`);
  const markTaken = (who: Person, patientId: string, body: Record<string, unknown>) =>
    who.client.post<Dose>(`${base(patientId)}/doses/taken`, body);

  /** A patient the doctor cares for: one with a visit the doctor started. */
  async function caredForPatient(): Promise<Person> {
    const patient = await newPatient();
    await start(doctor, (await joinWaitingRoom(patient)).id);
    return patient;
  }

  async function count(table: string, patientId: string): Promise<number> {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(
      table,
    )} where patient_id = ${patientId}`.execute(server.database.db);
    return Number(rows[0]!.n);
  }

  async function auditAbout(patientId: string): Promise<AuditRow[]> {
    const { rows } = await sql<AuditRow>`select type, action, agent_id, agent_role, entity_type,
        entity_id, detail
      from audit_events where subject_id = ${patientId}
        and entity_type in ('medication-request', 'medication-administration')
      order by id`.execute(server.database.db);
    return rows;
  }

  /** The service on the test server's database, on a clock the test sets. */
  function serviceAt(now: Date) {
    const { db, unitOfWork } = server.database;
    return medicationsService({
      medications: medicationsRepository(db),
      access: patientAccess(db),
      trail: auditTrail(unitOfWork, auditRepository(db)),
      now: () => now,
    });
  }
  const actorOf = (who: Person): Actor => ({
    caller: { id: who.id, email: who.email, role: who.role },
    address: '127.0.0.1',
    onBehalfOf: null,
  });

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    ({ doctor, stranger, staff } = await recordCast(server));
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets a caring doctor prescribe, stores a resend once, and refuses other details under the id', async () => {
    const patient = await caredForPatient();
    const sent = prescription({ medicine: '  Amlodipine 5 mg ', days: 14 });
    const first = await prescribe(doctor, patient.id, sent);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const today = clinicToday();
    expect(first.body).toEqual({
      id: sent.id,
      medicine: 'Amlodipine 5 mg',
      dose: { amount: 1, form: 'tablet' },
      writtenDose: null,
      food: 'after',
      note: 'With a glass of water',
      times: ['morning', 'night'],
      startDay: today,
      endDay: addClinicDays(today, 13),
      status: 'active',
      prescribedBy: { id: doctor.id, name: 'Ram Thapa' },
      prescribedAt: expect.any(String) as string,
      stopped: null,
      adherence: { taken: 0, missed: expect.any(Number) as number },
    });

    for (const resend of [
      sent,
      { ...sent, startDay: today },
      { ...sent, id: sent.id.toUpperCase(), times: ['morning', 'night'] },
    ]) {
      const again = await prescribe(doctor, patient.id, resend);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    for (const other of [
      { ...sent, dose: { amount: 2, form: 'tablet' } },
      { ...sent, dose: { amount: 1, form: 'capsule' } },
      { ...sent, food: 'before' },
      { ...sent, times: ['morning'] },
      { ...sent, days: undefined },
      { ...sent, note: undefined },
      { ...sent, startDay: addClinicDays(today, 1) },
    ]) {
      expectError(
        await prescribe(doctor, patient.id, other),
        409,
        'conflict',
        'This prescription was already saved with other details.',
      );
    }
    expect(await count('medication_requests', patient.id)).toBe(1);

    const other = await caredForPatient();
    const ongoing = prescription({ times: ['midday'], food: undefined, note: undefined });
    expect((await prescribe(doctor, other.id, ongoing)).status).toBe(201);
    // The same id under another patient is not this one.
    expectError(await prescribe(doctor, patient.id, ongoing), 409, 'conflict');

    for (const reader of [patient, doctor]) {
      const read = await list(reader, patient.id);
      expect(read.status).toBe(200);
      expect(read.headers.get('cache-control')).toBe('no-store');
      expect(read.body).toEqual([first.body]);
    }
    const stored = (await list(other, other.id)).body;
    expect(stored).toMatchObject([{ endDay: null, food: 'any', note: null, times: ['midday'] }]);
  });

  it('refuses a prescription that is not complete, with its message, and stores nothing', async () => {
    const patient = await caredForPatient();
    const today = clinicToday();
    const refused: [Record<string, unknown>, string][] = [
      [{ medicine: '   ' }, 'Please enter the medicine'],
      [{ medicine: 'x'.repeat(121) }, 'The medicine can be 120 characters at most'],
      [{ dose: '' }, 'Please enter the dose'],
      [{ dose: '1 tablet' }, 'Please enter the dose'],
      [
        { dose: { amount: 0, form: 'tablet' } },
        'The amount must be a number more than 0 and at most 1000',
      ],
      [
        { dose: { amount: 1001, form: 'ml' } },
        'The amount must be a number more than 0 and at most 1000',
      ],
      [
        { dose: { amount: 0.125, form: 'ml' } },
        'The amount must be a number more than 0 and at most 1000',
      ],
      [{ dose: { amount: 1, form: 'spoon' } }, 'Please choose the form of the dose'],
      [{ food: 'during' }, 'Please choose how it goes with food'],
      [{ times: [] }, 'Please choose at least one time of day'],
      [{ times: ['noon'] }, 'Please choose a time of day'],
      [{ times: ['night', 'night'] }, 'Please choose each time of day once'],
      [{ days: 0 }, 'Days must be a whole number from 1 to 365'],
      [{ days: 366 }, 'Days must be a whole number from 1 to 365'],
      [{ days: 2.5 }, 'Days must be a whole number from 1 to 365'],
      [{ startDay: addClinicDays(today, 400) }, 'The start date must be within a year of today'],
      [{ startDay: addClinicDays(today, -400) }, 'The start date must be within a year of today'],
      [{ startDay: '2026-02-30' }, 'Please give a date as YYYY-MM-DD'],
      [{ note: 'x'.repeat(201) }, 'The note can be 200 characters at most'],
    ];
    for (const [values, message] of refused) {
      expectError(
        await prescribe(doctor, patient.id, prescription(values)),
        400,
        'validation_failed',
        message,
      );
    }
    const created = await prescribe(doctor, patient.id, prescription({ days: 365 }));
    expect(created.status).toBe(201);
    expect(await count('medication_requests', patient.id)).toBe(1);
  });

  it('lets only a caring doctor prescribe and stop: a patient 403, everyone else 404', async () => {
    const patient = await caredForPatient();
    const other = await newPatient();
    const stored = await prescribe(doctor, patient.id, prescription());
    expect(stored.status).toBe(201);

    expectError(
      await prescribe(patient, patient.id, prescription()),
      403,
      'forbidden',
      'Only a doctor prescribes.',
    );
    expectError(
      await stop(patient, patient.id, stored.body.id),
      403,
      'forbidden',
      'Only a doctor stops a medication.',
    );
    for (const outsider of [stranger, other, ...staff]) {
      for (const answer of [
        await prescribe(outsider, patient.id, prescription()),
        await stop(outsider, patient.id, stored.body.id),
        await list(outsider, patient.id),
        await doses(outsider, patient.id),
        await markTaken(outsider, patient.id, {
          id: randomUUID(),
          medicationId: stored.body.id,
          day: clinicToday(),
          timeOfDay: 'morning',
        }),
      ]) {
        expectError(answer, 404, 'not_found', 'No such patient.');
      }
    }
    for (const self of [stranger, ...staff]) {
      expectError(await prescribe(self, self.id, prescription()), 404, 'not_found');
      expectError(await list(self, self.id), 404, 'not_found');
    }
    // A prescription of another patient's is no prescription of this one.
    const elsewhere = await caredForPatient();
    expectError(
      await stop(doctor, elsewhere.id, stored.body.id),
      404,
      'not_found',
      'No such medication.',
    );
    expect(await count('medication_requests', patient.id)).toBe(1);
    expect(await count('medication_requests', other.id)).toBe(0);
    expect(await count('medication_administrations', patient.id)).toBe(0);
    const signedOut = new Client(server.url);
    expect((await signedOut.get(`${base(patient.id)}/medications`)).status).toBe(401);
  });

  it("answers today's doses in clinic time and records a dose taken once however often it is sent", async () => {
    const patient = await caredForPatient();
    const today = clinicToday();
    // Since yesterday: each of today's doses is one, whenever the test runs.
    const stored = (
      await prescribe(doctor, patient.id, prescription({ startDay: addClinicDays(today, -1) }))
    ).body;

    const due = await doses(patient, patient.id);
    expect(due.status).toBe(200);
    expect(due.headers.get('cache-control')).toBe('no-store');
    expect(due.body).toEqual([
      {
        medicationId: stored.id,
        medicine: 'Amlodipine 5 mg',
        dose: { amount: 1, form: 'tablet' },
        writtenDose: null,
        food: 'after',
        note: 'With a glass of water',
        timeOfDay: 'morning',
        day: today,
        at: clinicMoment(today, '08:00').toISOString(),
        taken: null,
      },
      expect.objectContaining({
        timeOfDay: 'night',
        at: clinicMoment(today, '21:00').toISOString(),
      }),
    ]);
    expect((await doses(patient, patient.id, today)).body).toEqual(due.body);
    // Nothing before the start.
    expect((await doses(patient, patient.id, addClinicDays(today, -2))).body).toEqual([]);

    const mark = { id: randomUUID(), medicationId: stored.id, day: today, timeOfDay: 'morning' };
    const first = await markTaken(patient, patient.id, mark);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.taken).toEqual({
      at: expect.any(String) as string,
      by: { id: patient.id, role: 'patient' },
    });
    // Replayed by the outbox, pressed again on another device, and by the doctor.
    for (const [who, body] of [
      [patient, mark],
      [patient, { ...mark, id: mark.id.toUpperCase() }],
      [patient, { ...mark, id: randomUUID() }],
      [doctor, { ...mark, id: randomUUID() }],
    ] as const) {
      const again = await markTaken(who, patient.id, body);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    expect(await count('medication_administrations', patient.id)).toBe(1);

    const later = await doses(patient, patient.id);
    expect(later.body[0]!.taken).toEqual(first.body.taken);
    expect(later.body[1]!.taken).toBeNull();
    expect((await doses(doctor, patient.id)).body).toEqual(later.body);

    // The doctor marks the night dose: taken, by the doctor.
    const night = await markTaken(doctor, patient.id, {
      ...mark,
      id: randomUUID(),
      timeOfDay: 'night',
    });
    expect(night.status).toBe(201);
    expect(night.body.taken?.by).toEqual({ id: doctor.id, role: 'doctor' });
    // The id of one dose given to another is refused, and stores nothing.
    const midday = (
      await prescribe(
        doctor,
        patient.id,
        prescription({ times: ['midday'], startDay: addClinicDays(today, -1) }),
      )
    ).body;
    expectError(
      await markTaken(patient, patient.id, {
        ...mark,
        medicationId: midday.id,
        timeOfDay: 'midday',
      }),
      409,
      'conflict',
      'This id was already used for another dose.',
    );
    expect(await count('medication_administrations', patient.id)).toBe(2);
  });

  it('refuses a dose that is not due on its day, or of a day still to come', async () => {
    const patient = await caredForPatient();
    const today = clinicToday();
    const stored = (
      await prescribe(doctor, patient.id, prescription({ times: ['morning'], days: 3 }))
    ).body;
    const mark = (day: string, timeOfDay = 'morning') =>
      markTaken(patient, patient.id, { id: randomUUID(), medicationId: stored.id, day, timeOfDay });
    expectError(
      await mark(addClinicDays(today, 1)),
      400,
      'bad_request',
      'A dose of a day still to come cannot be marked taken.',
    );
    expectError(
      await mark(addClinicDays(today, -1)),
      409,
      'conflict',
      'This medicine had not started on that day.',
    );
    expectError(
      await mark(today, 'evening'),
      409,
      'conflict',
      'This medicine is not prescribed at that time of day.',
    );
    // Started five days ago for three days: over two days ago.
    await sql`update medication_requests set start_day = start_day - 5
      where id = ${stored.id}`.execute(server.database.db);
    expectError(await mark(today), 409, 'conflict', 'This medicine had ended by that day.');
    expect((await mark(addClinicDays(today, -3))).status).toBe(201);
    expect((await doses(patient, patient.id)).body).toEqual([]);
    expect((await doses(patient, patient.id, addClinicDays(today, -3))).body).toHaveLength(1);
    expect((await list(patient, patient.id)).body[0]!.status).toBe('completed');

    expectError(
      await markTaken(patient, patient.id, {
        id: randomUUID(),
        medicationId: randomUUID(),
        day: today,
        timeOfDay: 'morning',
      }),
      404,
      'not_found',
      'No such medication.',
    );
    for (const [body, message] of [
      [{ day: 'today' }, 'Please give a date as YYYY-MM-DD'],
      [{ timeOfDay: 'noon' }, 'Please choose a time of day'],
      [{ id: 'not-a-uuid' }, 'Invalid dose id'],
    ] as const) {
      expectError(
        await markTaken(patient, patient.id, {
          id: randomUUID(),
          medicationId: stored.id,
          day: today,
          timeOfDay: 'morning',
          ...body,
        }),
        400,
        'validation_failed',
        message,
      );
    }
    expect(await count('medication_administrations', patient.id)).toBe(1);
  });

  it('counts a dose at 23:30 NPT on its Nepali day, and 00:10 NPT on the next', async () => {
    const patient = await caredForPatient();
    // A clinic day and its night, far from the server's zone (the tests run in New York):
    // 23:30 NPT is 17:45 UTC that day, and 00:10 NPT the next day is 18:25 UTC the day before.
    const day = '2026-03-10';
    const lateAt = clinicMoment(day, '23:30');
    const late = serviceAt(lateAt);
    const { medication } = await late.prescribe(actorOf(doctor), patient.id, {
      id: randomUUID(),
      medicine: 'Atorvastatin 10 mg',
      dose: { amount: 1, form: 'tablet' },
      times: ['night'],
      startDay: addClinicDays(day, -1),
    });
    const tonight = await late.doses(actorOf(patient), patient.id, {});
    expect(tonight.map((dose) => [dose.day, dose.timeOfDay, dose.taken])).toEqual([
      [day, 'night', null],
    ]);
    const marked = await late.markTaken(actorOf(patient), patient.id, {
      id: randomUUID(),
      medicationId: medication.id,
      day,
      timeOfDay: 'night',
    });
    expect(marked.created).toBe(true);
    expect(marked.dose.taken?.at).toBe(lateAt.toISOString());
    expect(clinicDayOf(marked.dose.taken!.at)).toBe(day);
    expect(clinicTimeOf(marked.dose.taken!.at)).toBe('23:30');
    // Yesterday's night dose was missed, tonight's taken.
    expect((await late.list(actorOf(patient), patient.id))[0]!.adherence).toEqual({
      taken: 1,
      missed: 1,
    });

    const nextDay = addClinicDays(day, 1);
    const early = serviceAt(clinicMoment(nextDay, '00:10'));
    expect(clinicDayOf(clinicMoment(nextDay, '00:10'))).toBe(nextDay);
    const after = await early.doses(actorOf(patient), patient.id, {});
    expect(after.map((dose) => [dose.day, dose.timeOfDay, dose.taken])).toEqual([
      [nextDay, 'night', null],
    ]);
    expect((await early.doses(actorOf(patient), patient.id, { day }))[0]!.taken).not.toBeNull();
    // The next day's dose may be marked (its day has come); the day after is still to come.
    await expect(
      early.markTaken(actorOf(patient), patient.id, {
        id: randomUUID(),
        medicationId: medication.id,
        day: addClinicDays(nextDay, 1),
        timeOfDay: 'night',
      }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    const nextNight = await early.markTaken(actorOf(patient), patient.id, {
      id: randomUUID(),
      medicationId: medication.id,
      day: nextDay,
      timeOfDay: 'night',
    });
    expect(nextNight.created).toBe(true);
    const { rows } = await sql<{ day: string }>`select day::text as day
      from medication_administrations where patient_id = ${patient.id} order by day`.execute(
      server.database.db,
    );
    expect(rows.map((row) => row.day)).toEqual([day, nextDay]);
  });

  it('has no dose due before a prescription starting today was written, and none missed', async () => {
    const patient = await caredForPatient();
    // Losartan, morning, prescribed at 19:45 Kathmandu time with today as its start day.
    const day = '2026-03-10';
    const evening = serviceAt(clinicMoment(day, '19:45'));
    const { medication } = await evening.prescribe(actorOf(doctor), patient.id, {
      id: randomUUID(),
      medicine: 'Losartan 50 mg',
      dose: { amount: 1, form: 'tablet' },
      times: ['morning'],
      startDay: day,
    });
    expect(medication.adherence).toEqual({ taken: 0, missed: 0 });
    expect(await evening.doses(actorOf(patient), patient.id, {})).toEqual([]);
    expect((await evening.list(actorOf(doctor), patient.id))[0]!.adherence).toEqual({
      taken: 0,
      missed: 0,
    });
    await expect(
      evening.markTaken(actorOf(patient), patient.id, {
        id: randomUUID(),
        medicationId: medication.id,
        day,
        timeOfDay: 'morning',
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    // Its first dose is the next morning: late within two hours, then missed.
    const next = addClinicDays(day, 1);
    const [first] = await evening.doses(actorOf(patient), patient.id, { day: next });
    expect(first).toMatchObject({ day: next, timeOfDay: 'morning', taken: null });
    const adherenceAt = async (time: string) =>
      (await serviceAt(clinicMoment(next, time)).list(actorOf(patient), patient.id))[0]!.adherence;
    expect(await adherenceAt('09:30')).toEqual({ taken: 0, missed: 0 });
    expect(await adherenceAt('10:00')).toEqual({ taken: 0, missed: 1 });

    // On the server's own clock: whatever the time, no dose of today is due before the
    // prescription was written, and none is missed.
    const now = await prescribe(
      doctor,
      patient.id,
      prescription({ times: ['morning', 'midday', 'evening', 'night'] }),
    );
    expect(now.status).toBe(201);
    expect(now.body.adherence).toEqual({ taken: 0, missed: 0 });
    const today = (await doses(patient, patient.id)).body.filter(
      (dose) => dose.medicationId === now.body.id,
    );
    for (const dose of today) {
      expect(Date.parse(dose.at)).toBeGreaterThanOrEqual(Date.parse(now.body.prescribedAt));
    }
  });

  it('counts doses taken and missed over the last 7 clinic days', async () => {
    const patient = await caredForPatient();
    const { db } = server.database;
    const today = clinicToday();
    // Over yesterday: its doses are all past, whatever the time of the test run.
    const ended = (
      await prescribe(doctor, patient.id, prescription({ times: ['morning', 'night'], days: 9 }))
    ).body;
    await sql`update medication_requests set start_day = start_day - 9
      where id = ${ended.id}`.execute(db);
    const taken = async (day: string, timeOfDay: string) => {
      await sql`insert into medication_administrations (id, request_id, patient_id, day,
          time_of_day, taken_at, recorder_id, recorder_role)
        values (${randomUUID()}, ${ended.id}, ${patient.id}, ${day}::date, ${timeOfDay},
          ${clinicMoment(day, '08:05')}, ${patient.id}, 'patient')`.execute(db);
    };
    await taken(addClinicDays(today, -1), 'morning');
    await taken(addClinicDays(today, -1), 'night');
    await taken(addClinicDays(today, -6), 'night');
    // Eight days ago: before the 7 days counted.
    await taken(addClinicDays(today, -8), 'morning');

    const [medication] = (await list(doctor, patient.id)).body;
    expect(medication).toMatchObject({
      id: ended.id,
      status: 'completed',
      startDay: addClinicDays(today, -9),
      endDay: addClinicDays(today, -1),
      // Six days of two doses in the window (today has none): 3 taken, 9 missed.
      adherence: { taken: 3, missed: 9 },
    });

    // On the service's clock: an ongoing one, today at noon, stopped two days ago at noon.
    const noon = clinicMoment('2026-03-10', '12:00');
    const service = serviceAt(noon);
    const ongoing = await service.prescribe(actorOf(doctor), patient.id, {
      id: randomUUID(),
      medicine: 'Metformin 500 mg',
      dose: { amount: 2.5, form: 'ml' },
      times: ['morning', 'night'],
      startDay: '2026-03-01',
    });
    expect(ongoing.medication.adherence).toEqual({ taken: 0, missed: 13 });
    await sql`update medication_requests
      set stopped_at = ${clinicMoment('2026-03-08', '12:00')}, stopped_by = ${doctor.id},
        stop_reason = 'Changed'
      where id = ${ongoing.medication.id}`.execute(db);
    const listed = await service.list(actorOf(patient), patient.id);
    // 03-04 to 03-07 (8 doses) and the morning of 03-08: nothing after the stop counts.
    expect(listed.find((item) => item.id === ongoing.medication.id)!.adherence).toEqual({
      taken: 0,
      missed: 9,
    });
  });

  it('stops a prescription with a reason, once, and a stopped one has no doses after', async () => {
    const patient = await caredForPatient();
    const today = clinicToday();
    const stored = (await prescribe(doctor, patient.id, prescription())).body;
    expect((await doses(patient, patient.id, addClinicDays(today, 1))).body).toHaveLength(2);

    expectError(
      await doctor.client.post(`${base(patient.id)}/medications/${stored.id}/stop`, {
        reason: ' ',
      }),
      400,
      'validation_failed',
      'Please give a reason',
    );
    const stopped = await stop(doctor, patient.id, stored.id, 'Ankle swelling');
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.headers.get('cache-control')).toBe('no-store');
    expect(stopped.body).toMatchObject({
      id: stored.id,
      status: 'stopped',
      stopped: {
        at: expect.any(String) as string,
        by: { id: doctor.id, name: 'Ram Thapa' },
        reason: 'Ankle swelling',
      },
    });
    const again = await stop(doctor, patient.id, stored.id, 'Another reason');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(stopped.body);
    expect((await list(patient, patient.id)).body).toEqual([stopped.body]);
    expect((await doses(patient, patient.id, addClinicDays(today, 1))).body).toEqual([]);

    // Stopped at the start of today: no dose today, and none can be marked.
    await sql`update medication_requests set stopped_at = ${clinicDayStart(today)}
      where id = ${stored.id}`.execute(server.database.db);
    expect((await doses(patient, patient.id)).body).toEqual([]);
    expectError(
      await markTaken(patient, patient.id, {
        id: randomUUID(),
        medicationId: stored.id,
        day: today,
        timeOfDay: 'morning',
      }),
      409,
      'conflict',
      'This medicine was stopped before that dose.',
    );
    expectError(
      await stop(doctor, patient.id, randomUUID()),
      404,
      'not_found',
      'No such medication.',
    );
    const entries = await auditAbout(patient.id);
    expect(entries.filter((entry) => entry.type === 'medication-stopped')).toEqual([
      {
        type: 'medication-stopped',
        action: 'U',
        agent_id: doctor.id,
        agent_role: 'doctor',
        entity_type: 'medication-request',
        entity_id: stored.id,
        detail: null,
      },
    ]);
  });

  it("records every change and a doctor's reads in the audit trail, never the medicine's name", async () => {
    const patient = await caredForPatient();
    const today = clinicToday();
    const sent = prescription({ times: ['morning'], days: 5 });
    expect((await prescribe(doctor, patient.id, sent)).status).toBe(201);
    expect((await prescribe(doctor, patient.id, sent)).status).toBe(200);
    const dose = { id: randomUUID(), medicationId: sent.id, day: today, timeOfDay: 'morning' };
    expect((await markTaken(patient, patient.id, dose)).status).toBe(201);
    expect((await markTaken(patient, patient.id, dose)).status).toBe(200);
    // The patient's own reads are not recorded; the doctor's are, a prescription at a time.
    await list(patient, patient.id);
    await doses(patient, patient.id);
    await list(doctor, patient.id);
    await doses(doctor, patient.id);
    expect((await stop(doctor, patient.id, sent.id)).status).toBe(200);

    const entries = await auditAbout(patient.id);
    const request = { entity_type: 'medication-request', entity_id: sent.id };
    expect(entries).toEqual([
      {
        type: 'medication-prescribed',
        action: 'C',
        agent_id: doctor.id,
        agent_role: 'doctor',
        ...request,
        detail: { times: ['morning'], days: 5 },
      },
      {
        type: 'dose-taken',
        action: 'C',
        agent_id: patient.id,
        agent_role: 'patient',
        entity_type: 'medication-administration',
        entity_id: dose.id,
        detail: { medicationId: sent.id, day: today, timeOfDay: 'morning' },
      },
      {
        type: 'medication-read',
        action: 'R',
        agent_id: doctor.id,
        agent_role: 'doctor',
        ...request,
        detail: { via: 'medications' },
      },
      {
        type: 'medication-read',
        action: 'R',
        agent_id: doctor.id,
        agent_role: 'doctor',
        ...request,
        detail: { via: 'doses', day: today },
      },
      expect.objectContaining({ type: 'medication-stopped', agent_id: doctor.id, ...request }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Amlodipine|tablet|breakfast|Side effects/);
  });

  it('gives the demo patient the two prescriptions of the demo doctor, once, and a new patient none', async () => {
    const { db } = server.database;
    await seedDemoUsers(server.auth, db, profilesRepository(db));
    await seedDemoUsers(server.auth, db, profilesRepository(db));

    const client = new Client(server.url);
    const signIn = await client.post<{ user: { id: string } }>('/api/auth/sign-in/email', {
      email: demoUsers.find((user) => user.role === 'patient')!.email,
      password: demoPassword,
    });
    expect(signIn.status).toBe(200);
    const patientId = signIn.body.user.id;
    const demo: Person = { id: patientId, email: '', role: 'patient', client };
    const today = clinicToday();
    const read = await list(demo, patientId);
    expect(read.status).toBe(200);
    const common = {
      dose: { amount: 1, form: 'tablet' },
      writtenDose: null,
      note: null,
      startDay: addClinicDays(today, -30),
      endDay: null,
      status: 'active',
      prescribedBy: { name: 'Ram Thapa' },
      stopped: null,
      adherence: { taken: 0 },
    };
    expect(read.body.map((medication) => medication.medicine).sort()).toEqual([
      'Amlodipine 5 mg',
      'Atorvastatin 10 mg',
    ]);
    expect(read.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          medicine: 'Amlodipine 5 mg',
          times: ['morning'],
          food: 'after',
        }),
        expect.objectContaining({
          medicine: 'Atorvastatin 10 mg',
          times: ['night'],
          food: 'any',
        }),
      ]),
    );
    for (const medication of read.body) expect(medication).toMatchObject(common);
    expect(await count('medication_requests', patientId)).toBe(2);
    expect(await count('medication_administrations', patientId)).toBe(0);
    const due = await doses(demo, patientId);
    expect(due.body.map((dose) => [dose.medicine, dose.timeOfDay, dose.taken])).toEqual([
      ['Amlodipine 5 mg', 'morning', null],
      ['Atorvastatin 10 mg', 'night', null],
    ]);

    const fresh = await newPatient();
    expect((await list(fresh, fresh.id)).body).toEqual([]);
    expect((await doses(fresh, fresh.id)).body).toEqual([]);
  });
});
