import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinicMoment, clinicToday } from '@shared/clinic-time';
import type { HmisReport, ReportClinic, SendResult } from '@shared/hmis';
import { lastCompletePeriod, periodOfDay } from '@shared/hmis-period';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import {
  dhis2Answers,
  isDataValueSet,
  startFakeDhis2,
  type Dhis2Answer,
  type FakeDhis2,
} from '../support/fake-dhis2';

const account = { username: 'sewa-hmis', password: 'Dhis2-secret-passw0rd!' };
/** Kartik 2083: 2026-10-18 to 2026-11-16. */
const kartik = '208307';

/** Every line the server logs, as written. */
function logCollector() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

const cell = (row: ReportClinic | undefined, sex: string, ageBand: string) =>
  row?.counts.consultations.find((entry) => entry.sex === sex && entry.ageBand === ageBand)?.value;

describe.each(databaseVariants)('the HMIS monthly report on the $name database', (variant) => {
  const logs = logCollector();
  let dhis2: FakeDhis2;
  let answer: (body: Record<string, unknown>) => Dhis2Answer;
  let server: TestServer;
  let superadmin: Person;
  let manager: Person;
  let lonelyManager: Person;
  const db = () => server.database.db;
  const clinicA = randomUUID();
  const clinicB = randomUUID();

  async function profile(who: Person, values: Record<string, unknown>) {
    await db().updateTable('profiles').set(values).where('id', '=', who.id).execute();
  }

  async function visit(patient: Person, doctor: Person, endedAt: Date, status = 'finished') {
    await db()
      .insertInto('visits')
      .values({
        id: randomUUID(),
        patient_id: patient.id,
        doctor_id: doctor.id,
        status,
        type: 'video',
        priority: 'routine',
        reason: 'Consultation',
        queued_at: new Date(endedAt.getTime() - 30 * 60_000),
        ended_at: status === 'finished' ? endedAt : null,
      })
      .execute();
  }

  const report = (who: Person, period = kartik) =>
    who.client.get<HmisReport>(`/api/hmis/report?period=${period}`);
  const send = (who: Person, dryRun: boolean) =>
    who.client.post<SendResult>('/api/hmis/report/send', { period: kartik, dryRun });

  beforeAll(async () => {
    dhis2 = await startFakeDhis2(account, (request) =>
      answer(request.body as Record<string, unknown>),
    );
    server = await startTestServer({
      variant,
      env: {
        DEMO_USERS: 'false',
        LOG_LEVEL: 'info',
        DHIS2_URL: `${dhis2.url}/`,
        DHIS2_USERNAME: account.username,
        DHIS2_PASSWORD: account.password,
      },
      logDestination: logs.destination,
    });
    superadmin = await person(server, 'superadmin', { first: 'Maya' });
    manager = await person(server, 'manager', { first: 'Gita' });
    lonelyManager = await person(server, 'manager', { first: 'Kamala' });
    const doctorA = await person(server, 'doctor', { first: 'Ram' });
    const doctorB = await person(server, 'doctor', { first: 'Shyam' });
    const doctorNone = await person(server, 'doctor', { first: 'Hari' });
    await sql`insert into clinics (id, name, org_unit_code) values
      (${clinicA}, 'Kathmandu Clinic', 'OU-KTM'), (${clinicB}, 'Pokhara Clinic', 'OU-PKR')`.execute(
      db(),
    );
    await profile(doctorA, { clinic_id: clinicA });
    await profile(manager, { clinic_id: clinicA });
    await profile(doctorB, { clinic_id: clinicB });

    const [girl, man, child, elder, late] = await Promise.all(
      ['Asha', 'Bikram', 'Chandra', 'Devi', 'Eka'].map((first) =>
        person(server, 'patient', { first }),
      ),
    );
    // Two years old at her visits, by her AD birth date: <5, female, new this month.
    await profile(girl!, { gender: 'female', date_system: 'ad', dob_ad: '2024-06-01' });
    await visit(girl!, doctorA, clinicMoment('2026-10-18', '00:10'));
    await visit(girl!, doctorA, clinicMoment('2026-11-16', '23:50'));
    // 30 by the age he gave: 20-59, male, seen before (Asoj): follow-up.
    await profile(man!, { gender: 'male', age: 30 });
    await visit(man!, doctorA, clinicMoment('2026-10-10', '11:00'));
    await visit(man!, doctorA, clinicMoment('2026-11-01', '09:00'));
    // Born 2070-01-01 BS (2013-04-14): 13 at the visit, 5-14; no gender given: unknown.
    await profile(child!, { gender: 'prefer_not_say', date_system: 'bs', dob_bs: '2070-01-01' });
    await visit(child!, doctorB, clinicMoment('2026-10-25', '14:00'));
    // 70, seen by a doctor of no clinic: counted under no clinic, sent nowhere.
    await profile(elder!, { gender: 'female', age: 70 });
    await visit(elder!, doctorNone, clinicMoment('2026-11-05', '10:00'));
    // Not in Kartik: the first minutes of Mangsir, and a visit still open.
    await visit(late!, doctorA, clinicMoment('2026-11-17', '00:05'));
    await visit(late!, doctorA, clinicMoment('2026-11-02', '10:00'), 'in_progress');
  });
  afterAll(async () => {
    await server.close();
    await dhis2.close();
  });
  beforeEach(() => {
    dhis2.received.length = 0;
    answer = (body) => dhis2Answers.imported((body.dataValues as unknown[]).length);
  });

  it('counts a month of known visits by clinic, sex, age band and new or follow-up', async () => {
    const answered = await report(superadmin);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const { period, clinics, canSend, completeDate } = answered.body;
    expect(period).toMatchObject({
      id: kartik,
      name: 'Kartik',
      firstDay: '2026-10-18',
      lastDay: '2026-11-16',
    });
    expect(canSend).toBe(true);
    expect(completeDate).toBe(clinicToday());
    const ktm = clinics.find((row) => row.clinic?.id === clinicA);
    const pkr = clinics.find((row) => row.clinic?.id === clinicB);
    const none = clinics.find((row) => row.clinic === null);

    expect(ktm?.counts).toMatchObject({ total: 3, newPatients: 1, followUpPatients: 1 });
    expect(cell(ktm, 'female', '<5')).toBe(2);
    expect(cell(ktm, 'male', '20-59')).toBe(1);
    expect(ktm?.counts.consultations).toHaveLength(24);
    expect(ktm?.counts.consultations.reduce((sum, entry) => sum + entry.value, 0)).toBe(3);

    expect(pkr?.counts).toMatchObject({ total: 1, newPatients: 1, followUpPatients: 0 });
    expect(cell(pkr, 'unknown', '5-14')).toBe(1);

    expect(none?.counts).toMatchObject({ total: 1, newPatients: 1, followUpPatients: 0 });
    expect(cell(none, 'female', '60+')).toBe(1);
    expect(none?.dataValueSet).toBeNull();

    const set = ktm?.dataValueSet;
    expect(set).toMatchObject({
      dataSet: 'PLACEHOLDER-DATASET',
      period: kartik,
      orgUnit: 'OU-KTM',
      completeDate,
    });
    expect(isDataValueSet(set)).toBe(true);
    expect(set?.dataValues).toHaveLength(26);
    const values = [
      ['PLACEHOLDER-DE-CONSULTATIONS', 'PLACEHOLDER-COC-F-LT5', '2'],
      ['PLACEHOLDER-DE-CONSULTATIONS', 'PLACEHOLDER-COC-O-60PLUS', '0'],
      ['PLACEHOLDER-DE-NEW-PATIENTS', 'PLACEHOLDER-COC-DEFAULT', '1'],
      ['PLACEHOLDER-DE-FOLLOW-UP-PATIENTS', 'PLACEHOLDER-COC-DEFAULT', '1'],
    ];
    for (const [dataElement, categoryOptionCombo, value] of values) {
      expect(set?.dataValues).toContainEqual({ dataElement, categoryOptionCombo, value });
    }
  });

  it('shows a manager their own clinic only, and refuses one without a clinic', async () => {
    const answered = await report(manager);
    expect(answered.status).toBe(200);
    expect(answered.body.clinics.map((row) => row.clinic?.id)).toEqual([clinicA]);
    expect(answered.body.clinics[0]?.counts.total).toBe(3);
    const lonely = await report(lonelyManager);
    expect(lonely.status).toBe(403);
  });

  it('opens on the last complete month when none is asked for', async () => {
    const answered = await superadmin.client.get<HmisReport>('/api/hmis/report');
    expect(answered.status).toBe(200);
    expect(answered.body.period.id).toBe(lastCompletePeriod().id);
  });

  it('refuses a period that is not a BS month with a clear 400', async () => {
    for (const bad of ['2083-07', '208313', '20830', 'kartik', '219901']) {
      const answered = await report(superadmin, bad);
      expect(answered.status).toBe(400);
      const { error } = answered.body as unknown as { error: { code: string; message: string } };
      expect(error.code).toBe('validation_failed');
      expect(error.message).toContain('YYYYMM');
    }
    const body = await superadmin.client.post('/api/hmis/report/send', {
      period: '208399',
      dryRun: true,
    });
    expect(body.status).toBe(400);
  });

  it('a dry run posts each clinic’s dataValueSet with basic auth and dryRun=true, and answers the import summaries', async () => {
    const answered = await send(superadmin, true);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(dhis2.received).toHaveLength(2);
    for (const request of dhis2.received) {
      expect(request.path).toBe('/api/dataValueSets');
      expect(request.query).toEqual({ dryRun: 'true' });
      expect(request.contentType).toBe('application/json');
      expect(request.credentials).toEqual(account);
      expect(isDataValueSet(request.body)).toBe(true);
    }
    expect(
      dhis2.received.map((request) => (request.body as { orgUnit: string }).orgUnit).sort(),
    ).toEqual(['OU-KTM', 'OU-PKR']);
    expect(answered.body.dryRun).toBe(true);
    expect(answered.body.summaries).toHaveLength(2);
    expect(answered.body.summaries[0]).toMatchObject({
      status: 'SUCCESS',
      importCount: { imported: 26, updated: 0, ignored: 0, deleted: 0 },
      conflicts: [],
    });
  });

  it('sends for real with dryRun=false and shows the conflicts DHIS2 answers with a 409', async () => {
    answer = (body) =>
      body.orgUnit === 'OU-PKR'
        ? dhis2Answers.conflicts(25, [
            {
              object: 'PLACEHOLDER-COC-U-5TO14',
              value: 'Category option combo not found or not accessible',
            },
          ])
        : dhis2Answers.imported(26);
    const answered = await send(superadmin, false);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(dhis2.received.every((request) => request.query.dryRun === 'false')).toBe(true);
    const pokhara = answered.body.summaries.find((summary) => summary.orgUnit === 'OU-PKR');
    expect(pokhara).toMatchObject({
      clinicName: 'Pokhara Clinic',
      status: 'WARNING',
      importCount: { imported: 25, ignored: 1 },
      conflicts: [
        {
          object: 'PLACEHOLDER-COC-U-5TO14',
          value: 'Category option combo not found or not accessible',
        },
      ],
    });
    const { rows } = await sql<{ outcome: string; detail: { dryRun: boolean } }>`
      select outcome, detail from audit_events where type = 'hmis-report-sent'
        and agent_id = ${superadmin.id} order by id`.execute(db());
    expect(rows.map((row) => [row.outcome, row.detail.dryRun])).toEqual([
      ['success', true],
      ['success', false],
    ]);
  });

  it('refuses a real send of the month under way, which reaches no DHIS2; a dry run may show it', async () => {
    const current = periodOfDay(clinicToday()).id;
    const refused = await superadmin.client.post('/api/hmis/report/send', {
      period: current,
      dryRun: false,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'hmis_month_not_ended' } });
    expect(dhis2.received).toHaveLength(0);

    const dry = await superadmin.client.post<SendResult>('/api/hmis/report/send', {
      period: current,
      dryRun: true,
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dhis2.received.every((request) => request.query.dryRun === 'true')).toBe(true);

    // The month before it has ended in clinic time: it is sent.
    dhis2.received.length = 0;
    const previous = lastCompletePeriod().id;
    const sent = await superadmin.client.post<SendResult>('/api/hmis/report/send', {
      period: previous,
      dryRun: false,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(dhis2.received).toHaveLength(2);
    for (const request of dhis2.received) {
      expect(request.query).toEqual({ dryRun: 'false' });
      expect((request.body as { period: string }).period).toBe(previous);
    }
  });

  it('a manager sends their own clinic only', async () => {
    const answered = await send(manager, true);
    expect(answered.status).toBe(200);
    expect(dhis2.received.map((request) => (request.body as { orgUnit: string }).orgUnit)).toEqual([
      'OU-KTM',
    ]);
  });

  it('turns a 401 and a 5xx from DHIS2 into clear errors, never a 500, and logs no password', async () => {
    answer = () => dhis2Answers.unauthorized;
    const refused = await send(superadmin, true);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error: { code: 'dhis2_unauthorized' } });

    answer = () => ({ status: 503, body: '<html>Service Unavailable</html>' });
    const down = await send(superadmin, true);
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ error: { code: 'dhis2_unavailable' } });

    const { rows } = await sql<{ outcome: string }>`select outcome from audit_events
      where type = 'hmis-report-sent' and outcome = 'failure'`.execute(db());
    expect(rows.length).toBeGreaterThanOrEqual(2);

    const text = logs.lines.join('');
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(text).not.toContain(account.password);
    expect(text).not.toContain(
      Buffer.from(`${account.username}:${account.password}`).toString('base64'),
    );
    expect(JSON.stringify([refused.body, down.body])).not.toContain(account.password);
  });

  it('is not for patients, doctors or admins', async () => {
    const doctor = await person(server, 'doctor', { first: 'Nabin' });
    const admin = await person(server, 'admin', { first: 'Arun' });
    for (const who of [doctor, admin]) {
      expect((await report(who)).status).toBe(403);
      expect((await send(who, true)).status).toBe(403);
    }
  });
});

describe('the HMIS report without a DHIS2', () => {
  it('is previewed, and a send is a 503 that says why', async () => {
    const server = await startTestServer({
      variant: { name: 'embedded' },
      env: { DEMO_USERS: 'false' },
    });
    try {
      const superadmin = await person(server, 'superadmin', { first: 'Maya' });
      const preview = await superadmin.client.get<HmisReport>(`/api/hmis/report?period=${kartik}`);
      expect(preview.status).toBe(200);
      expect(preview.body.canSend).toBe(false);
      const sent = await superadmin.client.post('/api/hmis/report/send', {
        period: kartik,
        dryRun: true,
      });
      expect(sent.status).toBe(503);
      expect(JSON.stringify(sent.body)).toContain('DHIS2_URL');
    } finally {
      await server.close();
    }
  });
});
