import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, OperationOutcome, Schedule, Slot } from 'fhir/r4';
import { addClinicDays, clinicDayStart, clinicToday } from '@shared/clinic-time';
import type { Answer } from '../auth/client';
import { allDay, availability, bookCall, saveHours } from '../appointments/fixture';
import { person, type Person } from '../messaging/fixture';
import { expectValidFhir } from '../support/fhir-validation';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

function expectOutcome(answer: Answer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expectValidFhir(answer.body);
  expect((answer.body as OperationOutcome).issue[0]?.code).toBe(code);
}

describe.each(databaseVariants)(
  "the FHIR API's schedules and slots on the $name database",
  (variant) => {
    let server: TestServer;
    let patient: Person;
    let doctor: Person;
    let idle: Person;

    async function slots(who: Person, query: string): Promise<Slot[]> {
      const answer = await who.client.get<Bundle>(`/fhir/R4/Slot?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectValidFhir(answer.body);
      return (answer.body.entry ?? []).map((entry) => entry.resource as Slot);
    }

    beforeAll(async () => {
      server = await startTestServer({ variant });
      patient = await person(server, 'patient', { first: 'Sita' });
      doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
      // A doctor who never saved hours offers no time.
      idle = await person(server, 'doctor', { first: 'Hari' });
      await saveHours(doctor, doctor.id, allDay);
    });
    afterAll(async () => {
      await server.close();
    });

    it("answers a doctor's hours as a Schedule over the booking horizon, and none for a doctor without", async () => {
      const read = await patient.client.get<Schedule>(`/fhir/R4/Schedule/${doctor.id}`);
      expect(read.status).toBe(200);
      expectValidFhir(read.body);
      expect(read.body).toMatchObject({
        active: true,
        actor: [{ reference: `Practitioner/${doctor.id}` }],
        planningHorizon: { start: clinicDayStart(clinicToday()).toISOString() },
      });
      expectOutcome(await patient.client.get(`/fhir/R4/Schedule/${idle.id}`), 404, 'not-found');
      const found = await patient.client.get<Bundle>(
        `/fhir/R4/Schedule?actor=Practitioner/${doctor.id}`,
      );
      expect(found.body.entry?.map((entry) => entry.resource?.id)).toEqual([doctor.id]);
      const none = await patient.client.get<Bundle>(`/fhir/R4/Schedule?actor=${idle.id}`);
      expect(none.body.entry ?? []).toEqual([]);
    });

    it('answers the free slots the booking screen offers, by start, and a booked one no longer', async () => {
      const tomorrow = addClinicDays(clinicToday(), 1);
      const offered = await availability(patient, { doctorId: doctor.id, day: tomorrow });
      const found = await slots(
        patient,
        `schedule=Schedule/${doctor.id}&start=${tomorrow}&_count=100`,
      );
      expect(found.map((slot) => slot.start)).toEqual(offered.slots.map((slot) => slot.startsAt));
      expect(found[0]).toMatchObject({
        status: 'free',
        schedule: { reference: `Schedule/${doctor.id}` },
      });
      expect(Date.parse(found[0]!.end) - Date.parse(found[0]!.start)).toBe(15 * 60_000);

      // Pages run earliest first, each slot once.
      const first = await patient.client.get<Bundle>(
        `/fhir/R4/Slot?schedule=${doctor.id}&start=${tomorrow}&_count=3`,
      );
      const next = first.body.link?.find((link) => link.relation === 'next')?.url ?? '';
      const second = await patient.client.get<Bundle>(next.replace(server.url, ''));
      expect(
        [...(first.body.entry ?? []), ...(second.body.entry ?? [])].map(
          (entry) => (entry.resource as Slot).start,
        ),
      ).toEqual(found.slice(0, 6).map((slot) => slot.start));

      const chosen = found[2]!;
      expect((await patient.client.get(`/fhir/R4/Slot/${chosen.id}`)).status).toBe(200);
      const booked = await bookCall(patient, doctor.id, chosen.start);
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expectOutcome(await patient.client.get(`/fhir/R4/Slot/${chosen.id}`), 404, 'not-found');
      const after = await slots(
        patient,
        `schedule=Schedule/${doctor.id}&start=${tomorrow}&_count=100`,
      );
      expect(after.map((slot) => slot.id)).not.toContain(chosen.id);
      expect(after).toHaveLength(found.length - 1);
      expect(await slots(patient, `schedule=${doctor.id}&status=busy`)).toEqual([]);
    });

    it('refuses a slot search without its schedule, and ids that name no slot', async () => {
      expectOutcome(await patient.client.get('/fhir/R4/Slot'), 400, 'invalid');
      expectOutcome(
        await patient.client.get(`/fhir/R4/Slot?schedule=Patient/${doctor.id}`),
        400,
        'invalid',
      );
      expectOutcome(
        await patient.client.get(`/fhir/R4/Slot/${doctor.id}.200001010000`),
        404,
        'not-found',
      );
      expectOutcome(await patient.client.get('/fhir/R4/Slot/nothing'), 404, 'not-found');
      expect((await slots(patient, `schedule=${idle.id}`)).length).toBe(0);
    });
  },
);
