import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClinicWeek, type DoctorHours } from '../../../shared/appointments';
import { demoPassword, seedDemoUsers } from '../../../server/src/auth/demo-users';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import { Client } from '../auth/client';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

describe.each(databaseVariants)("the demo's appointments on the $name database", (variant) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function signedIn(email: string): Promise<Client> {
    const client = new Client(server.url);
    const answer = await client.post('/api/auth/sign-in/email', { email, password: demoPassword });
    expect(answer.status).toBe(200);
    return client;
  }

  it('gives the demo doctor the virtual clinic, keeps hours he changed, and books nobody', async () => {
    const { db } = server.database;
    await seedDemoUsers(server.auth, db, profilesRepository(db));
    const doctor = await signedIn('doctor@example.com');
    const me = { body: (await doctor.get<{ user: { id: string } }>('/api/me')).body.user };
    const hours = await doctor.get<DoctorHours>(`/api/doctors/${me.body.id}/hours`);
    expect(hours.body).toMatchObject({
      doctorName: 'Ram Thapa',
      saved: true,
      slotMinutes: 15,
      week: virtualClinicWeek,
      daysOff: [],
    });

    const patient = await signedIn('patient@example.com');
    expect((await patient.get('/api/appointments/next')).body).toEqual({ appointment: null });
    expect((await patient.get('/api/appointments')).body).toEqual([]);

    // Seeding again leaves what the doctor saved.
    const week = [{ weekday: 1, start: '09:00', end: '12:00' }];
    const saved = await doctor.call('PUT', `/api/doctors/${me.body.id}/hours`, {
      slotMinutes: 30,
      week,
      daysOff: [],
    });
    expect(saved.status).toBe(200);
    await seedDemoUsers(server.auth, db, profilesRepository(db));
    const after = await doctor.get<DoctorHours>(`/api/doctors/${me.body.id}/hours`);
    expect(after.body).toMatchObject({ slotMinutes: 30, week });
  });
});
