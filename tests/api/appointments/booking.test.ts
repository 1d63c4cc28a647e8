import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingHorizonDays,
  suggestedWeek,
  virtualClinicWeek,
  type Appointment,
  type DoctorListEntry,
} from '../../../shared/appointments';
import { addClinicDays, clinicMoment, clinicToday } from '../../../shared/clinic-time';
import { person, type Person } from '../messaging/fixture';
import { expectError } from '../visits/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import {
  allDay,
  auditOf,
  availability,
  book,
  bookCall,
  reschedule,
  saveHours,
  slotAhead,
} from './fixture';

const slotTaken = ['slot_taken', 'That time was just taken. Please choose another.'] as const;

describe.each(databaseVariants)('booking appointments on the $name database', (variant) => {
  let server: TestServer;
  let manager: Person;
  let doctor: Person;
  let count = 0;
  const patient = () => {
    count += 1;
    return person(server, 'patient', { first: 'Asha', last: `Booking ${count}` });
  };
  const newDoctor = async (first = 'Ram') => {
    count += 1;
    const made = await person(server, 'doctor', { first, last: `Doctor ${count}` });
    await saveHours(manager, made.id, allDay);
    return made;
  };
  const holding = async (doctorId: string, startsAt: string) => {
    const { rows } = await sql<{ id: string }>`select id from appointments
      where doctor_id = ${doctorId} and starts_at = ${startsAt}::timestamptz
        and status in ('booked', 'checked_in', 'in_visit', 'finished')`.execute(server.database.db);
    return rows.length;
  };

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    manager = await person(server, 'manager', { first: 'Gita' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps a doctor's hours: suggested until saved, then replaced whole, by them or a manager", async () => {
    const fresh = await doctor.client.get(`/api/doctors/${doctor.id}/hours`);
    expect(fresh.body).toEqual({
      doctorId: doctor.id,
      doctorName: 'Ram Thapa',
      saved: false,
      slotMinutes: 15,
      week: suggestedWeek,
      daysOff: [],
    });
    // Until then nothing of theirs is offered.
    const asker = await patient();
    expect((await availability(asker)).doctors.map((one) => one.id)).not.toContain(doctor.id);

    const inThreeDays = addClinicDays(clinicToday(), 3);
    const saved = await saveHours(doctor, doctor.id, {
      slotMinutes: 30,
      week: [{ weekday: 1, start: '09:00', end: '12:00' }],
      daysOff: [inThreeDays, addClinicDays(clinicToday(), -5)],
    });
    // Days off before today are not shown.
    expect(saved).toMatchObject({ saved: true, slotMinutes: 30, daysOff: [inThreeDays] });
    const byManager = await saveHours(manager, doctor.id, {
      slotMinutes: 15,
      week: [...virtualClinicWeek],
      daysOff: [],
    });
    expect(byManager).toMatchObject({ saved: true, week: virtualClinicWeek, daysOff: [] });
    const { rows } = await sql<{ agent_id: string; detail: { slotMinutes: number } }>`
      select agent_id, detail from audit_events
      where type = 'doctor-hours-changed' and entity_id = ${doctor.id} order by id`.execute(
      server.database.db,
    );
    expect(rows.map((row) => [row.agent_id, row.detail.slotMinutes])).toEqual([
      [doctor.id, 30],
      [manager.id, 15],
    ]);

    // Another doctor, or a patient, meets no such doctor; a manager lists every doctor.
    const other = await newDoctor('Hari');
    for (const who of [other, asker]) {
      for (const answer of [
        await who.client.get(`/api/doctors/${doctor.id}/hours`),
        await who.client.call('PUT', `/api/doctors/${doctor.id}/hours`, allDay),
      ]) {
        expectError(answer, 404, 'not_found', 'No such doctor.');
      }
    }
    // A manager at an id that is not a doctor's meets no such doctor either.
    expectError(
      await manager.client.get(`/api/doctors/${asker.id}/hours`),
      404,
      'not_found',
      'No such doctor.',
    );
    const list = await manager.client.get<DoctorListEntry[]>('/api/doctors');
    expect(list.body).toEqual(
      expect.arrayContaining([
        { id: doctor.id, name: 'Ram Thapa', saved: true },
        { id: other.id, name: expect.stringContaining('Hari') as string, saved: true },
      ]),
    );
    expect((await doctor.client.get('/api/doctors')).body).toEqual([
      { id: doctor.id, name: 'Ram Thapa', saved: true },
    ]);
    expectError(await asker.client.get('/api/doctors'), 403, 'forbidden');
  });

  it('offers 07:30 … 18:45 clinic time on a future day of the virtual clinic, with the server in New York', async () => {
    expect(process.env.TZ).toBe('America/New_York');
    const asker = await patient();
    const day = addClinicDays(clinicToday(), 2);
    const found = await availability(asker, { doctorId: doctor.id, day });
    expect(found.doctorId).toBe(doctor.id);
    expect(found.day).toBe(day);
    expect(found.slots).toHaveLength(46);
    expect(found.slots[0]).toEqual({
      time: '07:30',
      startsAt: clinicMoment(day, '07:30').toISOString(),
    });
    // 07:30 in Kathmandu is 01:45 UTC the same day: 5 h 45 min, whatever New York's offset.
    expect(found.slots[0]?.startsAt).toBe(`${day}T01:45:00.000Z`);
    expect(found.slots.at(-1)?.time).toBe('18:45');
    expect(found.slots.at(-1)?.startsAt).toBe(`${day}T13:00:00.000Z`);
    expect(found.days).toHaveLength(bookingHorizonDays);
    expect(found.days[0]?.day).toBe(clinicToday());
    expect(found.days.find((one) => one.day === day)?.free).toBe(46);
    // Today only the slots still ahead.
    const today = await availability(asker, { doctorId: doctor.id, day: clinicToday() });
    for (const slot of today.slots) expect(Date.parse(slot.startsAt)).toBeGreaterThan(Date.now());
  });

  it('books a free slot once under its id, and refuses any time that is not one', async () => {
    const booker = await patient();
    const day = addClinicDays(clinicToday(), 4);
    const startsAt = clinicMoment(day, '10:30').toISOString();
    const id = randomUUID();
    const first = await bookCall(booker, doctor.id, startsAt, { id, reason: '  Blood pressure ' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      id,
      status: 'booked',
      patientId: booker.id,
      doctorId: doctor.id,
      doctorName: 'Ram Thapa',
      startsAt,
      endsAt: clinicMoment(day, '10:45').toISOString(),
      day,
      time: '10:30',
      reason: 'Blood pressure',
      checkInOpensAt: clinicMoment(day, '10:00').toISOString(),
      visitId: null,
      checkedInAt: null,
    });
    // A resend (the answer was lost) gets the same appointment, stored once.
    const again = await bookCall(booker, doctor.id, startsAt, { id, reason: 'Blood pressure' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await auditOf(server, id)).toEqual([
      {
        type: 'appointment-changed',
        agent_id: booker.id,
        detail: { from: null, to: 'booked', startsAt, doctorId: doctor.id },
      },
    ]);
    // The slot is no longer offered.
    const left = await availability(booker, { doctorId: doctor.id, day });
    expect(left.slots.map((slot) => slot.time)).not.toContain('10:30');
    expect(left.slots).toHaveLength(45);
    // Someone else's id is not theirs to resend.
    const thief = await patient();
    const stolen = await bookCall(thief, doctor.id, startsAt, { id });
    expectError(stolen, 409, 'conflict');

    const notOffered = async (at: string, message: RegExp) => {
      const answer = await bookCall(await patient(), doctor.id, at);
      expectError(answer, 409, 'slot_unavailable');
      expect((answer.body as unknown as { error: { message: string } }).error.message).toMatch(
        message,
      );
    };
    await notOffered(new Date(Date.now() - 60 * 60_000).toISOString(), /passed/);
    await notOffered(
      clinicMoment(addClinicDays(clinicToday(), bookingHorizonDays), '10:00').toISOString(),
      /30 days/,
    );
    await notOffered(clinicMoment(day, '07:00').toISOString(), /free slots/);
    await notOffered(clinicMoment(day, '19:00').toISOString(), /free slots/);
    await notOffered(clinicMoment(day, '10:20').toISOString(), /free slots/);
    // A day off.
    const offDoctor = await newDoctor();
    const offDay = addClinicDays(clinicToday(), 5);
    await saveHours(offDoctor, offDoctor.id, { ...allDay, daysOff: [offDay] });
    const onDayOff = await bookCall(
      await patient(),
      offDoctor.id,
      clinicMoment(offDay, '10:00').toISOString(),
    );
    expectError(onDayOff, 409, 'slot_unavailable');
    // Someone who is not a doctor with hours.
    expectError(
      await bookCall(await patient(), booker.id, startsAt),
      404,
      'not_found',
      'No such doctor.',
    );
    // Only patients book.
    expectError(await bookCall(doctor, offDoctor.id, startsAt), 403, 'forbidden');
  });

  it('gives one patient one appointment a day with one doctor', async () => {
    const booker = await patient();
    const day = addClinicDays(clinicToday(), 6);
    await book(booker, doctor.id, clinicMoment(day, '09:00').toISOString());
    const second = await bookCall(booker, doctor.id, clinicMoment(day, '15:00').toISOString());
    expectError(
      second,
      409,
      'appointment_exists',
      'You already have an appointment with this doctor that day.',
    );
    // Another doctor that day, or the same doctor another day, is fine.
    const other = await newDoctor();
    await book(booker, other.id, clinicMoment(day, '15:00').toISOString());
    await book(booker, doctor.id, clinicMoment(addClinicDays(day, 1), '09:00').toISOString());
  });

  it('lets exactly one of 20 patients pressing the same slot at once have it', async () => {
    const raced = await newDoctor();
    const patients = await Promise.all(Array.from({ length: 20 }, () => patient()));
    const startsAt = clinicMoment(addClinicDays(clinicToday(), 2), '11:00').toISOString();
    const answers = await Promise.all(
      patients.map((each) => bookCall(each, raced.id, startsAt, { reason: 'Race' })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expectError(answer, 409, ...slotTaken);
    }
    expect(await holding(raced.id, startsAt)).toBe(1);
    const { rows } = await sql<{ count: string | number }>`select count(*) as count
      from appointments where doctor_id = ${raced.id}`.execute(server.database.db);
    expect(Number(rows[0]?.count)).toBe(1);
  });

  it('lets one of two patients moving to the same slot have it, and keeps the other where it was', async () => {
    const raced = await newDoctor();
    const [first, second] = await Promise.all([patient(), patient()]);
    const day = addClinicDays(clinicToday(), 3);
    const a = await book(first, raced.id, clinicMoment(day, '09:00').toISOString());
    const b = await book(second, raced.id, clinicMoment(day, '09:15').toISOString());
    const target = clinicMoment(day, '12:00').toISOString();
    const answers = await Promise.all([
      reschedule(first, a.id, { startsAt: target }),
      reschedule(second, b.id, { startsAt: target }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expectError(loser, 409, ...slotTaken);
    expect(await holding(raced.id, target)).toBe(1);
    const winner = answers.find((answer) => answer.status === 200)!.body;
    expect(winner).toMatchObject({ startsAt: target, time: '12:00', status: 'booked' });
    const lost = winner.id === a.id ? b : a;
    const stayed = await (lost.id === a.id ? first : second).client.get<Appointment[]>(
      '/api/appointments',
    );
    expect(stayed.body.find((one) => one.id === lost.id)?.startsAt).toBe(lost.startsAt);
    // The move is in the trail, with where it was and where it went.
    const moved = await auditOf(server, winner.id);
    expect(moved.at(-1)?.detail).toMatchObject({
      from: 'booked',
      to: 'booked',
      startsAt: { to: target },
    });
  });

  it('reschedules under the same rules: a free slot on the grid, to the same or another doctor', async () => {
    const booker = await patient();
    const day = addClinicDays(clinicToday(), 7);
    const booked = await book(booker, doctor.id, clinicMoment(day, '08:00').toISOString());
    expectError(
      await reschedule(booker, booked.id, { startsAt: clinicMoment(day, '08:05').toISOString() }),
      409,
      'slot_unavailable',
    );
    const other = await newDoctor('Sita');
    const moved = await reschedule(booker, booked.id, {
      doctorId: other.id,
      startsAt: clinicMoment(day, '16:00').toISOString(),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ doctorId: other.id, time: '16:00', day });
    // Its doctor cannot move it; someone else meets no such appointment.
    expectError(
      await reschedule(other, booked.id, { startsAt: clinicMoment(day, '17:00').toISOString() }),
      403,
      'forbidden',
    );
    expectError(
      await reschedule(await patient(), booked.id, {
        startsAt: clinicMoment(day, '17:00').toISOString(),
      }),
      404,
      'not_found',
      'No such appointment.',
    );
  });

  it('opens availability on the first doctor and day with a free slot', async () => {
    const asker = await patient();
    const found = await availability(asker);
    expect(found.doctorId).not.toBeNull();
    expect(found.doctors.map((one) => one.id)).toContain(found.doctorId);
    expect(found.slots.length).toBeGreaterThan(0);
    expect(found.days.find((one) => one.day === found.day)?.free).toBe(found.slots.length);
    const first = await slotAhead(asker, found.doctorId!);
    expect(first.startsAt).toBe(found.slots[0]?.startsAt);
    expectError(
      await asker.client.get(`/api/appointments/availability?doctorId=${asker.id}`),
      404,
      'not_found',
      'No such doctor.',
    );
    expectError(
      await asker.client.get('/api/appointments/availability?day=2026-02-30'),
      400,
      'validation_failed',
    );
  });
});
