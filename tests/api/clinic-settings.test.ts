import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicAnnouncements, ClinicSettings } from '@shared/clinic-settings';
import { addClinicDays, clinicToday } from '@shared/clinic-time';
import type { AuditPage } from '@shared/audit';
import type { DoctorHours } from '@shared/appointments';
import { person, type Person } from './messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

/**
 * A clinic's settings, kept by its administrator: its name and contacts, the visit length a
 * doctor's hours start from, and the announcement its patients read on their home.
 */
describe.each(databaseVariants)('clinic settings on the $name database', (variant) => {
  let server: TestServer;
  let clinicA: string;
  let clinicB: string;
  let adminA: Person;
  let adminB: Person;
  let adminNone: Person;
  let doctorA: Person;
  let patientA: Person;
  let stranger: Person;
  let superadmin: Person;

  const today = clinicToday();
  const settings = (overrides: Record<string, unknown> = {}) => ({
    name: 'Pokhara Clinic',
    contactPhone: '+977 61 520 000',
    address: 'Lakeside, Pokhara',
    visitMinutes: 20,
    announcement: {
      en: 'Closed on Saturday for Tihar.',
      ne: 'तिहारका लागि शनिबार बन्द।',
      from: addClinicDays(today, -1),
      to: addClinicDays(today, 3),
    },
    ...overrides,
  });

  async function clinic(name: string): Promise<string> {
    const id = randomUUID();
    await sql`insert into clinics (id, name, org_unit_code)
      values (${id}, ${name}, ${`CS-${id.slice(0, 8)}`})`.execute(server.database.db);
    return id;
  }

  const inClinic = (who: Person, clinicId: string) =>
    sql`update profiles set clinic_id = ${clinicId} where id = ${who.id}`.execute(
      server.database.db,
    );

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    clinicA = await clinic('Clinic A');
    clinicB = await clinic('Clinic B');
    adminA = await person(server, 'admin', { first: 'Anita' });
    adminB = await person(server, 'admin', { first: 'Bimal' });
    adminNone = await person(server, 'admin', { first: 'Chandra' });
    doctorA = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    patientA = await person(server, 'patient', { first: 'Kamala' });
    stranger = await person(server, 'patient', { first: 'Gita' });
    superadmin = await person(server, 'superadmin', { first: 'Maya' });
    await inClinic(adminA, clinicA);
    await inClinic(adminB, clinicB);
    await inClinic(doctorA, clinicA);
    // Kamala is cared for by clinic A: a visit with its doctor.
    await sql`insert into visits (id, patient_id, doctor_id, status, type, priority, reason,
        queued_at, started_at, in_progress_at, ended_at)
      values (${randomUUID()}, ${patientA.id}, ${doctorA.id}, 'finished', 'video', 'routine', '',
        now() - interval '2 days', now() - interval '2 days', now() - interval '2 days',
        now() - interval '1 day')`.execute(server.database.db);
  });
  afterAll(() => server.close());

  it('lets the administrator read and save their clinic, and records the change', async () => {
    const first = await adminA.client.get<ClinicSettings>('/api/clinic-settings');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      clinicId: clinicA,
      name: 'Clinic A',
      contactPhone: '',
      address: '',
      visitMinutes: 15,
      announcement: null,
    });
    const saved = await adminA.client.call<ClinicSettings>(
      'PUT',
      '/api/clinic-settings',
      settings(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ clinicId: clinicA, ...settings() });
    expect((await adminA.client.get('/api/clinic-settings')).body).toEqual(saved.body);

    const trail = await superadmin.client.get<AuditPage>(
      `/api/audit?record=${clinicA}&type=clinic-changed`,
    );
    expect(trail.body.entries).toHaveLength(1);
    expect(trail.body.entries[0]?.agent.id).toBe(adminA.id);
  });

  it('keeps each clinic to its own administrator and the super administrator', async () => {
    const missing = { error: { code: 'not_found', message: 'No such clinic.' } };
    for (const [who, path] of [
      [adminB, `/api/clinic-settings?clinicId=${clinicA}`],
      [adminNone, '/api/clinic-settings'],
      [superadmin, '/api/clinic-settings'],
    ] as const) {
      const answer = await who.client.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual(missing);
    }
    const put = await adminB.client.call('PUT', `/api/clinic-settings?clinicId=${clinicA}`, {
      ...settings({ name: 'Taken over' }),
    });
    expect(put.status).toBe(404);
    for (const who of [doctorA, patientA]) {
      expect((await who.client.get('/api/clinic-settings')).status).toBe(403);
    }
    const named = await superadmin.client.get<ClinicSettings>(
      `/api/clinic-settings?clinicId=${clinicA}`,
    );
    expect(named.status).toBe(200);
    expect(named.body.name).toBe('Pokhara Clinic');
  });

  it('refuses settings that do not hold, in words', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'Please enter the clinic’s name'],
      [
        { contactPhone: 'call us' },
        'Please enter a phone number of 7 to 15 digits, with + for a country code',
      ],
      [{ visitMinutes: 200 }, 'A visit lasts 5 to 120 minutes'],
      [
        { announcement: { en: 'Closed.', ne: '', from: today, to: today } },
        'Write the announcement in English and in Nepali',
      ],
      [
        { announcement: { en: 'Closed.', ne: 'बन्द।', from: today, to: addClinicDays(today, -2) } },
        'The last day cannot come before the first',
      ],
    ];
    for (const [change, message] of refusals) {
      const answer = await adminA.client.call<{ error: { message: string } }>(
        'PUT',
        '/api/clinic-settings',
        settings(change),
      );
      expect(answer.status, message).toBe(400);
      expect(answer.body.error.message).toBe(message);
    }
  });

  it('shows the announcement to the clinic’s patients while it runs, and to nobody else', async () => {
    const theirs = await patientA.client.get<ClinicAnnouncements>('/api/announcements');
    expect(theirs.status).toBe(200);
    expect(theirs.body.announcements).toEqual([
      {
        clinicId: clinicA,
        clinicName: 'Pokhara Clinic',
        contactPhone: '+977 61 520 000',
        en: 'Closed on Saturday for Tihar.',
        ne: 'तिहारका लागि शनिबार बन्द।',
        to: addClinicDays(today, 3),
      },
    ]);
    expect((await stranger.client.get<ClinicAnnouncements>('/api/announcements')).body).toEqual({
      announcements: [],
    });

    // Over, or not begun: not shown.
    await adminA.client.call('PUT', '/api/clinic-settings', {
      ...settings(),
      announcement: { ...settings().announcement, from: addClinicDays(today, 1) },
    });
    expect((await patientA.client.get<ClinicAnnouncements>('/api/announcements')).body).toEqual({
      announcements: [],
    });
  });

  it('starts a doctor’s hours from the clinic’s visit length until the doctor saves their own', async () => {
    const hours = await doctorA.client.get<DoctorHours>(`/api/doctors/${doctorA.id}/hours`);
    expect(hours.status).toBe(200);
    expect(hours.body).toMatchObject({ saved: false, slotMinutes: 20 });
  });
});
