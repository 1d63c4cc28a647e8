import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clinic, ClinicStaff, ClinicsOverview } from '@shared/clinics';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

describe.each(databaseVariants)('the clinics on the $name database', (variant) => {
  let server: TestServer;
  let superadmin: Person;
  let doctor: Person;
  let patient: Person;

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    superadmin = await person(server, 'superadmin', { first: 'Maya' });
    doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    patient = await person(server, 'patient', { first: 'Sita' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('the superadmin adds, renames and re-codes a clinic; an org unit belongs to one clinic', async () => {
    const added = await superadmin.client.post<Clinic>('/api/clinics', {
      name: ' Dhulikhel Clinic ',
      orgUnitCode: 'OU-DHK',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Dhulikhel Clinic', orgUnitCode: 'OU-DHK' });

    const twice = await superadmin.client.post('/api/clinics', {
      name: 'Again',
      orgUnitCode: 'OU-DHK',
    });
    expect(twice.status).toBe(409);

    const other = await superadmin.client.post<Clinic>('/api/clinics', {
      name: 'Banepa Clinic',
      orgUnitCode: 'OU-BNP',
    });
    const taken = await superadmin.client.call('PATCH', `/api/clinics/${other.body.id}`, {
      orgUnitCode: 'OU-DHK',
    });
    expect(taken.status).toBe(409);
    const renamed = await superadmin.client.call<Clinic>('PATCH', `/api/clinics/${added.body.id}`, {
      name: 'Dhulikhel Hospital Clinic',
      orgUnitCode: 'OU-DHK-2',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Dhulikhel Hospital Clinic',
      orgUnitCode: 'OU-DHK-2',
    });

    const bad = await superadmin.client.post('/api/clinics', {
      name: 'X',
      orgUnitCode: 'has space',
    });
    expect(bad.status).toBe(400);

    const { rows } = await sql<{ type: string }>`select type from audit_events
      where agent_id = ${superadmin.id} and entity_type = 'clinic' order by id`.execute(
      server.database.db,
    );
    expect(rows.map((row) => row.type)).toEqual(['clinic-added', 'clinic-added', 'clinic-changed']);
  });

  it('puts a doctor in a clinic and out again; a patient belongs to none', async () => {
    const { body: overview } = await superadmin.client.get<ClinicsOverview>('/api/clinics');
    const clinic = overview.clinics[0]!;
    expect(overview.staff.map((entry) => entry.id)).toContain(doctor.id);
    expect(overview.staff.map((entry) => entry.id)).not.toContain(patient.id);

    const put = await superadmin.client.call<ClinicStaff>(
      'PUT',
      `/api/clinics/staff/${doctor.id}`,
      {
        clinicId: clinic.id,
      },
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      id: doctor.id,
      name: 'Ram Thapa',
      role: 'doctor',
      clinicId: clinic.id,
    });
    const out = await superadmin.client.call<ClinicStaff>(
      'PUT',
      `/api/clinics/staff/${doctor.id}`,
      {
        clinicId: null,
      },
    );
    expect(out.body.clinicId).toBeNull();

    const notStaff = await superadmin.client.call('PUT', `/api/clinics/staff/${patient.id}`, {
      clinicId: clinic.id,
    });
    expect(notStaff.status).toBe(404);
    const noClinic = await superadmin.client.call('PUT', `/api/clinics/staff/${doctor.id}`, {
      clinicId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noClinic.status).toBe(404);
    expect((await doctor.client.get('/api/clinics')).status).toBe(403);
  });
});
