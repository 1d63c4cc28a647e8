import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import type { PatientList } from '@shared/patient-list';
import { person, type Person } from './messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';
import { joinWaitingRoom, start } from './visits/fixture';

describe.each(databaseVariants)('the staff list of patients on the $name database', (variant) => {
  let server: TestServer;
  let doctor: Person;
  let otherDoctor: Person;
  let manager: Person;
  let otherManager: Person;
  let cared: Person;
  let booked: Person;
  let stranger: Person;
  const db = () => server.database.db;

  const list = (who: Person, search = '') =>
    who.client.get<PatientList>(
      `/api/patients${search && `?search=${encodeURIComponent(search)}`}`,
    );
  const idsOf = (answer: { body: PatientList }) => answer.body.patients.map((p) => p.id);

  async function clinicWith(name: string, ...staff: Person[]): Promise<void> {
    const id = randomUUID();
    await db()
      .insertInto('clinics')
      .values({ id, name, org_unit_code: `OU-${id.slice(0, 8)}` })
      .execute();
    for (const member of staff) {
      await db()
        .updateTable('profiles')
        .set({ clinic_id: id })
        .where('id', '=', member.id)
        .execute();
    }
  }

  async function appointment(patient: Person, withDoctor: Person, day: string, time: string) {
    const startsAt = clinicMoment(day, time);
    await db()
      .insertInto('appointments')
      .values({
        id: randomUUID(),
        patient_id: patient.id,
        doctor_id: withDoctor.id,
        status: 'booked',
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 15 * 60_000),
        day,
      })
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    otherDoctor = await person(server, 'doctor', { first: 'Sita', last: 'Rai' });
    manager = await person(server, 'manager', { first: 'Mina' });
    otherManager = await person(server, 'manager', { first: 'Hari' });
    await clinicWith('Kathmandu', doctor, manager);
    await clinicWith('Pokhara', otherDoctor, otherManager);
    cared = await person(server, 'patient', { first: 'Asha', last: 'Gurung' });
    booked = await person(server, 'patient', { first: 'Bina', last: 'Shrestha' });
    stranger = await person(server, 'patient', { first: 'Chandra', last: 'Karki' });
    await sql`update "user" set "phoneNumber" = '+9779812345678', "phoneNumberVerified" = true
      where id = ${booked.id}`.execute(db());

    // Asha: in the doctor's care by a visit, with a flagged reading and missed doses.
    await start(doctor, (await joinWaitingRoom(cared)).id);
    const reading = await cared.client.post(`/api/patients/${cared.id}/vitals`, {
      id: randomUUID(),
      heartRate: 140,
    });
    expect(reading.status).toBe(201);
    const prescribed = await doctor.client.post(`/api/patients/${cared.id}/medications`, {
      id: randomUUID(),
      medicine: 'Amlodipine 5 mg',
      dose: { amount: 1, form: 'tablet' },
      times: ['morning', 'night'],
      food: 'after',
      startDay: addClinicDays(clinicToday(), -2),
    });
    expect(prescribed.status).toBe(201);
    // Bina: booked with the doctor for tomorrow. Chandra: booked with the other clinic's doctor.
    await appointment(booked, doctor, addClinicDays(clinicToday(), 1), '10:00');
    await appointment(stranger, otherDoctor, addClinicDays(clinicToday(), 1), '11:00');
  });
  afterAll(async () => {
    await server.close();
  });

  it("shows a doctor the patients in their care, with flags and missed doses, and no one else's", async () => {
    const answer = await list(doctor);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.view).toBe('care');
    expect(idsOf(answer).sort()).toEqual([cared.id, booked.id].sort());
    if (answer.body.view !== 'care') return;
    const asha = answer.body.patients.find((p) => p.id === cared.id)!;
    expect(asha.name).toBe('Asha Gurung');
    expect(asha.flags.length).toBeGreaterThan(0);
    expect(asha.missedDoses).toBeGreaterThan(0);
    expect(asha.lastVisitAt).not.toBeNull();
    const bina = answer.body.patients.find((p) => p.id === booked.id)!;
    expect(bina.nextAppointment?.doctorName).toBe('Ram Thapa');
    expect(bina.flags).toEqual([]);
    expect(bina.phone).toBe('+9779812345678');

    expect(idsOf(await list(otherDoctor))).toEqual([stranger.id]);
  });

  it('finds a patient by part of a name, any case, or by the digits of a phone number', async () => {
    expect(idsOf(await list(doctor, 'gurUNG'))).toEqual([cared.id]);
    expect(idsOf(await list(doctor, '98123 45'))).toEqual([booked.id]);
    expect(idsOf(await list(doctor, '%'))).toEqual([]);
    expect(idsOf(await list(doctor, 'Karki'))).toEqual([]);
    const tooLong = await list(doctor, 'a'.repeat(101));
    expect(tooLong.status).toBe(400);
  });

  it("shows a manager their clinic's patients with contact and appointments, nothing clinical", async () => {
    const answer = await list(manager);
    expect(answer.status).toBe(200);
    expect(answer.body.view).toBe('clinic');
    // Asha's visit names the doctor of the clinic; Bina is booked with him.
    expect(idsOf(answer).sort()).toEqual([cared.id, booked.id].sort());
    for (const patient of answer.body.patients) {
      expect(Object.keys(patient).sort()).toEqual(
        ['email', 'id', 'lastAppointment', 'name', 'nextAppointment', 'phone'].sort(),
      );
    }
    const bina = answer.body.patients.find((p) => p.id === booked.id)!;
    expect(bina).toMatchObject({ email: booked.email, phone: '+9779812345678' });
    expect(idsOf(await list(otherManager))).toEqual([stranger.id]);
  });

  it('audits every patient listed as a read of their record, and refuses every other role', async () => {
    await list(manager);
    const { rows } = await sql<{ subject_id: string }>`select subject_id from audit_events
      where type = 'patient-read' and agent_id = ${manager.id} and detail->>'via' = 'patients'`.execute(
      db(),
    );
    expect(new Set(rows.map((row) => row.subject_id))).toEqual(new Set([cared.id, booked.id]));

    for (const role of ['patient', 'admin', 'superadmin', 'researcher'] as const) {
      const other = await person(server, role, { first: 'Other' });
      expect((await list(other)).status).toBe(403);
    }
    const unassigned = await person(server, 'manager', { first: 'Nobody' });
    expect((await list(unassigned)).status).toBe(403);
  });
});
