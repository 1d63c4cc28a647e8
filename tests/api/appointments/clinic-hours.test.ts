import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicHours, DoctorDay, SaveDoctorHours } from '../../../shared/appointments';
import {
  addClinicDays,
  clinicMoment,
  clinicToday,
  clinicWeekday,
} from '../../../shared/clinic-time';
import type { CurrentVisit, Queue, Visit } from '../../../shared/visits';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { joinWaitingRoom } from '../visits/fixture';
import { allDay, book, cancel, checkIn, saveHours, slotAhead, startIn } from './fixture';

const minute = 60_000;

/** Every day but today's weekday, all day: nobody is on duty now, and one is from tomorrow 00:00. */
function allDayButToday(): SaveDoctorHours {
  const today = clinicWeekday(clinicToday());
  return { ...allDay, week: allDay.week.filter((day) => day.weekday !== today) };
}

describe.each(databaseVariants)(
  "the clinic's hours and the doctor's day on the $name database",
  (variant) => {
    let server: TestServer;
    let manager: Person;
    let count = 0;
    const newPerson = (role: 'patient' | 'doctor') => {
      count += 1;
      return person(server, role, {
        first: role === 'doctor' ? 'Ram' : 'Sita',
        last: `Hours ${count}`,
      });
    };
    const clinicHours = async (who: Person) => {
      const answer = await who.client.get<ClinicHours>('/api/clinic/hours');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };

    beforeAll(async () => {
      server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
      manager = await person(server, 'manager', { first: 'Gita' });
    });
    afterAll(async () => {
      await server.close();
    });

    it("come from the doctors' hours: outside them the waiting room tells when a doctor is next in, with no estimate", async () => {
      const patient = await newPerson('patient');
      // No doctor keeps hours: nothing to announce, nobody on duty, nobody next.
      expect(await clinicHours(patient)).toEqual({
        day: clinicToday(),
        today: [],
        daily: false,
        onDuty: false,
        nextAt: null,
      });
      const lonely = await joinWaitingRoom(patient);
      expect(lonely).toMatchObject({
        status: 'queued',
        estimatedWaitMinutes: null,
        doctorOnDuty: false,
        nextDoctorAt: null,
      });

      // A doctor works every day but today: the clinic opens tomorrow at midnight.
      const offToday = await newPerson('doctor');
      await saveHours(manager, offToday.id, allDayButToday());
      const tomorrow = clinicMoment(addClinicDays(clinicToday(), 1), '00:00').toISOString();
      expect(await clinicHours(patient)).toEqual({
        day: clinicToday(),
        today: [],
        daily: false,
        onDuty: false,
        nextAt: tomorrow,
      });
      const waiting = (await patient.client.get<CurrentVisit>('/api/visits/current')).body.visit;
      expect(waiting).toMatchObject({
        id: lonely.id,
        position: 1,
        estimatedWaitMinutes: null,
        doctorOnDuty: false,
        nextDoctorAt: tomorrow,
      });

      // Another works all day every day: a doctor is on duty, and the wait has an estimate.
      const always = await newPerson('doctor');
      await saveHours(manager, always.id, allDay);
      expect(await clinicHours(patient)).toEqual({
        day: clinicToday(),
        today: [{ start: '00:00', end: '23:59' }],
        daily: true,
        onDuty: true,
        nextAt: null,
      });
      const read = (await patient.client.get<Visit>(`/api/visits/${lonely.id}`)).body;
      expect(read.doctorOnDuty).toBe(true);
      expect(read.estimatedWaitMinutes).toBeGreaterThanOrEqual(1);
      expect(read.nextDoctorAt).toBeUndefined();
      await patient.client.post(`/api/visits/${lonely.id}/cancel`);
    });

    it("flags a patient's last high reading in the queue and the day; each of the day's rows, a cancelled one too, opens the chart to that doctor only", async () => {
      const doctor = await newPerson('doctor');
      const otherDoctor = await newPerson('doctor');
      await saveHours(manager, doctor.id, allDay);
      const flagged = await newPerson('patient');
      const calm = await newPerson('patient');
      const record = async (who: Person, systolic: number, diastolic: number, takenAt: Date) => {
        const answer = await who.client.post(`/api/patients/${who.id}/vitals`, {
          id: randomUUID(),
          takenAt: takenAt.toISOString(),
          systolic,
          diastolic,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      };
      // Sita's last reading is 185/112; the calm patient's high one came before a normal one.
      await record(flagged, 120, 80, new Date(Date.now() - 60 * minute));
      await record(flagged, 185, 112, new Date(Date.now() - 5 * minute));
      await record(calm, 185, 112, new Date(Date.now() - 60 * minute));
      await record(calm, 122, 78, new Date(Date.now() - 5 * minute));

      const flaggedVisit = await book(
        flagged,
        doctor.id,
        (await slotAhead(flagged, doctor.id, 60 * minute)).startsAt,
      );
      await startIn(server, flaggedVisit, 10 * minute);
      const checked = await checkIn(flagged, flaggedVisit.id);
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      const calmVisit = await book(
        calm,
        doctor.id,
        (await slotAhead(calm, doctor.id, 90 * minute)).startsAt,
      );
      await startIn(server, calmVisit, 20 * minute);
      // The calm patient cancels: the row stays on the doctor's day.
      expect((await cancel(calm, calmVisit.id)).status).toBe(200);
      // Nothing else ties the calm patient to the doctor (no visit, prescription or answer).
      const { rows } = await sql<{ count: string | number }>`select count(*) from appointments
        where patient_id = ${calm.id}`.execute(server.database.db);
      expect(Number(rows[0]?.count)).toBe(1);

      const queue = (await doctor.client.get<Queue>('/api/visits/queue')).body;
      const entry = queue.entries.find((one) => one.id === checked.body.visitId);
      expect(entry).toMatchObject({ patientId: flagged.id, flags: ['high-blood-pressure'] });

      const day = (await doctor.client.get<DoctorDay>('/api/appointments/today')).body;
      expect(
        day.appointments.map(({ patientId, status, flags }) => ({ patientId, status, flags })),
      ).toEqual([
        { patientId: flagged.id, status: 'checked_in', flags: ['high-blood-pressure'] },
        { patientId: calm.id, status: 'cancelled', flags: [] },
      ]);

      // The doctor opens the chart of each of today's rows; another doctor opens neither.
      for (const patient of [flagged, calm]) {
        const chart = await doctor.client.get(`/api/patients/${patient.id}/chart`);
        expect(chart.status, JSON.stringify(chart.body)).toBe(200);
        const refused = await otherDoctor.client.get(`/api/patients/${patient.id}/chart`);
        expect(refused.status).toBe(404);
      }

      // A cancelled appointment of another day is no way to the chart.
      await sql`update appointments set starts_at = starts_at + interval '2 days',
          ends_at = ends_at + interval '2 days', day = day + 2
        where id = ${calmVisit.id}`.execute(server.database.db);
      expect((await doctor.client.get(`/api/patients/${calm.id}/chart`)).status).toBe(404);
    });
  },
);
