import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clinic } from '@shared/clinics';
import type { LinkedClinics } from '@shared/profile';
import { person, type Person } from './messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';
import { joinWaitingRoom, start } from './visits/fixture';

describe.each(databaseVariants)('Profile → Linked clinics on the $name database', (variant) => {
  let server: TestServer;
  let superadmin: Person;
  let doctor: Person;
  let otherDoctor: Person;
  let clinic: Clinic;

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    superadmin = await person(server, 'superadmin', { first: 'Maya' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    otherDoctor = await person(server, 'doctor', { first: 'Hari', last: 'Karki' });
    const added = await superadmin.client.post<Clinic>('/api/clinics', {
      name: 'Dhulikhel Clinic',
      orgUnitCode: 'OU-DHK',
    });
    expect(added.status).toBe(201);
    clinic = added.body;
    // The other doctor's clinic never saw the test's patient.
    const other = await superadmin.client.post<Clinic>('/api/clinics', {
      name: 'Banepa Clinic',
      orgUnitCode: 'OU-BNP',
    });
    for (const [who, where] of [
      [doctor, clinic],
      [otherDoctor, other.body],
    ] as const) {
      const put = await superadmin.client.call('PUT', `/api/clinics/staff/${who.id}`, {
        clinicId: where.id,
      });
      expect(put.status).toBe(200);
    }
  });
  afterAll(async () => {
    await server.close();
  });

  const linked = (who: Person) => who.client.get<LinkedClinics>('/api/profile/clinics');

  it('lists none for a new patient, then the clinic of the doctor who saw her', async () => {
    const patient = await person(server, 'patient', { first: 'Sita' });
    const before = await linked(patient);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ clinics: [] });

    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);

    expect((await linked(patient)).body).toEqual({
      clinics: [{ id: clinic.id, name: 'Dhulikhel Clinic' }],
    });
    // Only her own: another patient's list stays empty.
    const stranger = await person(server, 'patient', { first: 'Gita' });
    expect((await linked(stranger)).body).toEqual({ clinics: [] });
  });
});
