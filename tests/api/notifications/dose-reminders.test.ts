import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicMoment, clinicToday } from '../../../shared/clinic-time';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { notificationsOf } from './fixture';

describe.each(databaseVariants)('medication reminders on the $name database', (variant) => {
  let server: TestServer;
  let doctor: Person;
  const today = clinicToday();
  const eightFive = clinicMoment(today, '08:05');

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    doctor = await person(server, 'doctor', { first: 'Ram' });
  }, 120_000);
  afterAll(() => server.close());

  /** A patient on a morning-and-night medicine since yesterday, with reminders as given. */
  async function patientOnMedicine(reminders: boolean) {
    const patient = await person(server, 'patient', { first: 'Dose' });
    const answer = await patient.client.call('PATCH', '/api/notifications/settings', {
      medicationReminders: reminders,
    });
    expect(answer.status).toBe(200);
    const id = randomUUID();
    await server.database.db
      .insertInto('medication_requests')
      .values({
        id,
        patient_id: patient.id,
        prescriber_id: doctor.id,
        medicine: 'Amlodipine 5 mg',
        dose: '1 tablet',
        times: ['morning', 'night'],
        start_day: '2026-01-01',
        days: null,
        instruction: null,
      })
      .execute();
    return { patient, medicationId: id };
  }

  const dueFor = async (patient: Person) =>
    (await notificationsOf(server, patient.id)).filter((row) => row.kind === 'medication-due');

  it('reminds by push, once per dose time, only those who asked', async () => {
    const asked = await patientOnMedicine(true);
    const notAsked = await patientOnMedicine(false);
    await server.tasks.doseReminders(eightFive);
    await server.tasks.doseReminders(eightFive);
    const rows = await dueFor(asked.patient);
    expect(rows.map((row) => row.channel)).toEqual(['push']);
    expect(await dueFor(notAsked.patient)).toEqual([]);
  });

  it('does not remind of a dose already marked taken', async () => {
    const { patient, medicationId } = await patientOnMedicine(true);
    await server.database.db
      .insertInto('medication_administrations')
      .values({
        id: randomUUID(),
        request_id: medicationId,
        patient_id: patient.id,
        day: today,
        time_of_day: 'morning',
        taken_at: clinicMoment(today, '07:55'),
        recorder_id: patient.id,
        recorder_role: 'patient',
      })
      .execute();
    await server.tasks.doseReminders(eightFive);
    expect(await dueFor(patient)).toEqual([]);
  });
});
