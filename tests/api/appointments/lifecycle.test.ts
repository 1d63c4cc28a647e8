import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, DoctorDay } from '../../../shared/appointments';
import { clinicDayOf, clinicTimeOf, clinicToday } from '../../../shared/clinic-time';
import type { CurrentVisit, Queue } from '../../../shared/visits';
import { openStream, person, type Person } from '../messaging/fixture';
import { act as visitAct, backdate, expectError, joinWaitingRoom } from '../visits/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import {
  allDay,
  auditOf,
  book,
  bookCall,
  cancel,
  checkIn,
  saveHours,
  slotAhead,
  startIn,
} from './fixture';

const minute = 60_000;

describe.each(databaseVariants)(
  'an appointment from booking to its end on the $name database',
  (variant) => {
    let server: TestServer;
    let manager: Person;
    let count = 0;
    const patient = () => {
      count += 1;
      return person(server, 'patient', { first: 'Sita', last: `Lifecycle ${count}` });
    };
    const newDoctor = async () => {
      count += 1;
      const made = await person(server, 'doctor', { first: 'Ram', last: `Doctor ${count}` });
      await saveHours(manager, made.id, allDay);
      return made;
    };
    /** A booking an hour or more ahead: check-in is not open yet. */
    const bookAhead = async (who: Person, doctor: Person, reason = 'Headache') =>
      book(who, doctor.id, (await slotAhead(who, doctor.id, 60 * minute)).startsAt, reason);
    const mine = async (who: Person, id: string) =>
      (await who.client.get<Appointment[]>('/api/appointments')).body.find((one) => one.id === id);
    const queueOf = async (doctor: Person) =>
      (await doctor.client.get<Queue>('/api/visits/queue')).body;
    const storedStatus = async (id: string) => {
      const { rows } = await sql<{ status: string }>`select status from appointments
      where id = ${id}`.execute(server.database.db);
      return rows[0]?.status;
    };

    beforeAll(async () => {
      server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
      manager = await person(server, 'manager', { first: 'Gita' });
    });
    afterAll(async () => {
      await server.close();
    });

    it("checks in from 30 minutes before into the doctor's queue, and follows the visit to its end", async () => {
      const doctor = await newDoctor();
      const otherDoctor = await newDoctor();
      const sita = await patient();
      const booked = await bookAhead(sita, doctor, 'Follow-up on fever');

      const early = await checkIn(sita, booked.id);
      expectError(early, 409, 'check_in_not_open');

      await startIn(server, booked, 20 * minute);
      const checked = await checkIn(sita, booked.id);
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      const { appointment, visitId } = checked.body;
      expect(appointment).toMatchObject({ status: 'checked_in', visitId });
      expect(appointment.checkedInAt).not.toBeNull();
      expectError(await checkIn(sita, booked.id), 409, 'appointment_closed');

      // The patient is in the waiting room, for the appointment's reason.
      const current = (await sita.client.get<CurrentVisit>('/api/visits/current')).body.visit;
      expect(current).toMatchObject({
        id: visitId,
        status: 'queued',
        reason: 'Follow-up on fever',
      });
      // In that doctor's queue only, with its time; another doctor neither sees nor takes it.
      const queue = await queueOf(doctor);
      expect(queue.entries.find((entry) => entry.id === visitId)).toMatchObject({
        reason: 'Follow-up on fever',
        appointmentTime: clinicTimeOf(appointment.startsAt),
      });
      expect((await queueOf(otherDoctor)).entries.map((entry) => entry.id)).not.toContain(visitId);
      expectError(
        await visitAct(otherDoctor, visitId, 'start'),
        404,
        'not_found',
        'No such visit.',
      );

      // The appointment follows its visit: started, both in, ended.
      expect((await visitAct(doctor, visitId, 'start')).status).toBe(200);
      expect((await mine(sita, booked.id))?.status).toBe('in_visit');
      expect((await sita.client.post(`/api/visits/${visitId}/join`)).status).toBe(200);
      expect((await visitAct(doctor, visitId, 'end')).status).toBe(200);
      expect((await mine(sita, booked.id))?.status).toBe('finished');

      const trail = await auditOf(server, booked.id);
      expect(trail.map((entry) => [entry.agent_id, entry.detail?.from, entry.detail?.to])).toEqual([
        [sita.id, null, 'booked'],
        [sita.id, 'booked', 'checked_in'],
        [doctor.id, 'checked_in', 'in_visit'],
        [doctor.id, 'in_visit', 'finished'],
      ]);
      // Its doctor's day lists it.
      const day = (await doctor.client.get<DoctorDay>('/api/appointments/today')).body;
      expect(day.day).toBe(clinicToday());
      // Booked 20 minutes ahead just before the clinic's midnight, it is tomorrow's.
      const itsDay = clinicDayOf(appointment.startsAt) === day.day;
      expect(day.appointments.map((one) => [one.id, one.status])).toEqual(
        itsDay ? [[booked.id, 'finished']] : [],
      );
    });

    it('orders the queue: urgent first, then scheduled visits by their time, then walk-ins oldest first', async () => {
      const doctor = await newDoctor();
      const otherDoctor = await newDoctor();
      const walkIn = await joinWaitingRoom(await patient(), { reason: 'Cough' });
      const urgent = await joinWaitingRoom(await patient(), { reason: 'Chest pain' });
      await sql`update visits set priority = 'urgent' where id = ${urgent.id}`.execute(
        server.database.db,
      );
      const later = await patient();
      const sooner = await patient();
      const laterBooking = await bookAhead(later, doctor);
      const soonerBooking = await bookAhead(sooner, doctor);
      await startIn(server, laterBooking, 25 * minute);
      await startIn(server, soonerBooking, 5 * minute);
      const laterVisit = (await checkIn(later, laterBooking.id)).body.visitId;
      const soonerVisit = (await checkIn(sooner, soonerBooking.id)).body.visitId;

      const ids = (await queueOf(doctor)).entries.map((entry) => entry.id);
      const mineOnly = ids.filter((id) =>
        [urgent.id, soonerVisit, laterVisit, walkIn.id].includes(id),
      );
      expect(mineOnly).toEqual([urgent.id, soonerVisit, laterVisit, walkIn.id]);
      const theirs = (await queueOf(otherDoctor)).entries.map((entry) => entry.id);
      expect(theirs).toContain(walkIn.id);
      expect(theirs).not.toContain(soonerVisit);
      // A place in line follows the same order.
      const place = async (who: Person) =>
        (await who.client.get<CurrentVisit>('/api/visits/current')).body.visit?.position;
      const soonerPlace = await place(sooner);
      const laterPlace = await place(later);
      expect(soonerPlace).toBeLessThan(laterPlace!);
    });

    it('is cancelled by its patient or its doctor until the start, and the slot is free again', async () => {
      const doctor = await newDoctor();
      const sita = await patient();
      const booked = await bookAhead(sita, doctor);
      expectError(
        await cancel(await patient(), booked.id),
        404,
        'not_found',
        'No such appointment.',
      );
      expectError(await cancel(await newDoctor(), booked.id), 404, 'not_found');
      const cancelled = await cancel(sita, booked.id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expectError(await cancel(sita, booked.id), 409, 'appointment_closed');
      // The slot is someone else's to book now; the same patient may book that doctor again.
      const other = await patient();
      expect((await bookCall(other, doctor.id, booked.startsAt)).status).toBe(201);
      const again = await bookAhead(sita, doctor);
      expect((await cancel(doctor, again.id)).body.status).toBe('cancelled');
      expect((await auditOf(server, again.id)).at(-1)).toMatchObject({
        agent_id: doctor.id,
        detail: { from: 'booked', to: 'cancelled' },
      });

      // Not after its start.
      const started = await bookAhead(sita, doctor);
      await startIn(server, started, -5 * minute);
      expectError(await cancel(sita, started.id), 409, 'appointment_closed');
    });

    it('leaves the waiting room and the appointment together', async () => {
      const doctor = await newDoctor();
      const sita = await patient();
      const booked = await bookAhead(sita, doctor);
      await startIn(server, booked, 10 * minute);
      const { visitId } = (await checkIn(sita, booked.id)).body;
      expect((await visitAct(sita, visitId, 'cancel')).status).toBe(200);
      expect((await mine(sita, booked.id))?.status).toBe('cancelled');
      // The doctor started it and the patient never came into the call: both are no-shows.
      const secondDoctor = await newDoctor();
      const second = await bookAhead(sita, secondDoctor);
      await startIn(server, second, 10 * minute);
      const secondVisit = (await checkIn(sita, second.id)).body.visitId;
      expect((await visitAct(secondDoctor, secondVisit, 'start')).status).toBe(200);
      expect((await mine(sita, second.id))?.status).toBe('in_visit');
      await backdate(server, secondVisit, ['started_at'], 11 * minute);
      await server.tasks.visitClock();
      expect((await mine(sita, second.id))?.status).toBe('no_show');
      expect((await auditOf(server, second.id)).at(-1)).toMatchObject({
        agent_id: null,
        detail: { from: 'in_visit', to: 'no_show' },
      });
    });

    it('refuses a check-in while the patient is in another visit', async () => {
      const doctor = await newDoctor();
      const sita = await patient();
      const booked = await bookAhead(sita, doctor);
      await startIn(server, booked, 10 * minute);
      const walkIn = await joinWaitingRoom(sita, { reason: 'Rash' });
      expectError(await checkIn(sita, booked.id), 409, 'visit_open');
      expect((await mine(sita, booked.id))?.status).toBe('booked');
      const current = (await sita.client.get<CurrentVisit>('/api/visits/current')).body.visit;
      expect(current?.id).toBe(walkIn.id);
      // Only the patient checks in.
      expectError(await checkIn(doctor, booked.id), 403, 'forbidden');
    });

    it('is a no-show 15 minutes after its start without a check-in, before the clock and by it', async () => {
      const doctor = await newDoctor();
      const sita = await patient();
      const stream = await openStream(
        `${server.url}/api/visits/events`,
        doctor.client.cookieHeader(),
      );
      await stream.next((event) => event.event === 'ready');
      const booked = await bookAhead(sita, doctor);
      // Its doctor is told their day changed.
      const told = await stream.next((event) => event.event === 'appointments');
      expect(JSON.parse(told.data)).toEqual({ doctorId: doctor.id });

      await startIn(server, booked, -16 * minute);
      // Read as a no-show at once, though the clock has not stored it yet.
      expect((await mine(sita, booked.id))?.status).toBe('no_show');
      expect(await storedStatus(booked.id)).toBe('booked');
      const next = await sita.client.get<{ appointment: Appointment | null }>(
        '/api/appointments/next',
      );
      expect(next.body.appointment).toBeNull();
      await server.tasks.appointmentClock();
      expect(await storedStatus(booked.id)).toBe('no_show');
      expect((await auditOf(server, booked.id)).at(-1)).toEqual({
        type: 'appointment-changed',
        agent_id: null,
        detail: { from: 'booked', to: 'no_show' },
      });
      expectError(await checkIn(sita, booked.id), 409, 'appointment_closed');
      stream.close();
    });

    it("gives a no-show's day back to its patient before the clock has stored it", async () => {
      const doctor = await newDoctor();
      const sita = await patient();
      const missed = await bookAhead(sita, doctor);
      const again = await slotAhead(sita, doctor.id, 2 * 60 * minute);
      // Missed 16 minutes ago, on the clinic day of the slot booked next (as a morning's
      // appointment is, before one of the afternoon).
      await startIn(server, missed, -16 * minute);
      await sql`update appointments set day = (${again.startsAt}::timestamptz
      at time zone 'Asia/Kathmandu')::date where id = ${missed.id}`.execute(server.database.db);
      expect(await storedStatus(missed.id)).toBe('booked');
      const answer = await bookCall(sita, doctor.id, again.startsAt);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(await storedStatus(missed.id)).toBe('no_show');
    });

    it('may be checked in to until 15 minutes after its start', async () => {
      const sita = await patient();
      const booked = await bookAhead(sita, await newDoctor());
      await startIn(server, booked, -14 * minute);
      const answer = await checkIn(sita, booked.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.appointment.status).toBe('checked_in');
      // The clock leaves a checked-in appointment alone.
      await startIn(server, booked, -20 * minute);
      await server.tasks.appointmentClock();
      expect(await storedStatus(booked.id)).toBe('checked_in');
    });

    it("shows the patient's next appointment, and answers other roles by the matrix", async () => {
      const sita = await patient();
      const doctor = await newDoctor();
      const empty = await sita.client.get('/api/appointments/next');
      expect(empty.body).toEqual({ appointment: null });
      const later = await book(
        sita,
        doctor.id,
        (await slotAhead(sita, doctor.id, 3 * 60 * minute)).startsAt,
      );
      const sooner = await bookAhead(sita, await newDoctor());
      const next = await sita.client.get<{ appointment: Appointment }>('/api/appointments/next');
      expect(next.body.appointment.id).toBe(
        Date.parse(sooner.startsAt) < Date.parse(later.startsAt) ? sooner.id : later.id,
      );
      for (const role of ['manager', 'admin', 'researcher', 'superadmin'] as const) {
        const staff = await person(server, role, { first: 'Staff' });
        for (const path of [
          '/api/appointments',
          '/api/appointments/next',
          '/api/appointments/today',
        ]) {
          expectError(await staff.client.get(path), 403, 'forbidden');
        }
        const foreign = await cancel(staff, later.id);
        expectError(foreign, 404, 'not_found', 'No such appointment.');
      }
      expectError(await doctor.client.get('/api/appointments/next'), 403, 'forbidden');
      expectError(await sita.client.get('/api/appointments/today'), 403, 'forbidden');
    });
  },
);
