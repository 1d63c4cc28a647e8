import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage, PausedAccounts, RecordReads } from '@shared/audit';
import { clinicToday } from '@shared/clinic-time';
import type { Conversation } from '@shared/messaging';
import { Client } from '../auth/client';
import { password, person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

/**
 * The audit trail as compliance reads it: by person acting, patient concerned, kind and clinic
 * day; reads by staff with no care relationship marked; a CSV export, itself recorded; the
 * accounts whose sign-in is paused; and, for a patient, who read her record.
 */
describe.each(databaseVariants)('compliance on the $name database', (variant) => {
  let server: TestServer;
  let superadmin: Person;
  let patient: Person;
  let otherPatient: Person;
  let caring: Person;
  let inbox: Person;

  beforeAll(async () => {
    server = await startTestServer({
      variant,
      env: { DEMO_USERS: 'false', TRUST_PROXY: '127.0.0.1' },
    });
    superadmin = await person(server, 'superadmin', { first: 'Sarita' });
    patient = await person(server, 'patient', { first: 'Kamala', last: 'Shrestha' });
    otherPatient = await person(server, 'patient', { first: 'Gita', last: 'Rai' });
    caring = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
    // A name a spreadsheet would run as a formula.
    inbox = await person(server, 'doctor', { first: '=HYPERLINK("x")', last: 'Karki' });

    // Ram cares for Kamala: a visit of hers he ended yesterday.
    await sql`insert into visits (id, patient_id, doctor_id, status, type, priority, reason,
        queued_at, started_at, in_progress_at, ended_at)
      values (${randomUUID()}, ${patient.id}, ${caring.id}, 'finished', 'video', 'routine', '',
        now() - interval '2 days', now() - interval '2 days', now() - interval '2 days',
        now() - interval '1 day')`.execute(server.database.db);
    expect((await caring.client.get(`/api/patients/${patient.id}/chart`)).status).toBe(200);

    // Kamala and Gita open their care-team conversations; the other doctor, who cares for
    // neither, reads Kamala's from the shared inbox.
    for (const who of [patient, otherPatient]) {
      const created = await who.client.post<{ conversation: Conversation }>(
        '/api/messaging/care-team',
      );
      expect(created.status).toBe(201);
    }
    const own = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const read = await inbox.client.get(`/api/messaging/conversations/${own.body.conversation.id}`);
    expect(read.status).toBe(200);
  });
  afterAll(() => server.close());

  async function page(query: Record<string, string>): Promise<AuditEntry[]> {
    const search = new URLSearchParams({ limit: '200', ...query });
    const answer = await superadmin.client.get<AuditPage>(`/api/audit?${search.toString()}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.entries;
  }

  it('finds reads by the person acting and the patient concerned, with names, and marks the read without care', async () => {
    const aboutKamala = await page({ patient: patient.email, type: 'chart-read' });
    expect(aboutKamala).toHaveLength(1);
    expect(aboutKamala[0]).toMatchObject({
      type: 'chart-read',
      agent: { id: caring.id, email: caring.email, name: 'Ram Thapa', role: 'doctor' },
      entity: { subjectId: patient.id, subjectName: 'Kamala Shrestha' },
      withoutCare: false,
    });

    const byInbox = await page({ agent: inbox.email, type: 'conversation-read' });
    expect(byInbox.map((entry) => entry.entity.subjectName)).toEqual(['Kamala Shrestha']);
    expect(byInbox[0]?.withoutCare).toBe(true);

    // Neither Gita nor another kind of entry is in either answer.
    expect(await page({ patient: otherPatient.email, agent: caring.email })).toEqual([]);
    expect(await page({ agent: caring.email, type: 'login' })).toHaveLength(1);
  });

  it('asks for clinic days: today finds the reads, a day before them finds none', async () => {
    const today = clinicToday();
    expect(await page({ agent: caring.email, from: today, to: today })).not.toEqual([]);
    expect(await page({ agent: caring.email, from: '2020-01-01', to: '2020-12-31' })).toEqual([]);
    const refused = await superadmin.client.get('/api/audit?from=27-11-2026');
    expect(refused.status).toBe(400);
  });

  it('exports what a page shows as CSV, never as a formula, and records the export', async () => {
    const answer = await fetch(
      `${server.url}/api/audit/export?${new URLSearchParams({ agent: inbox.email }).toString()}`,
      { headers: { cookie: superadmin.client.cookieHeader() } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment/);
    const lines = (await answer.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^recorded,type,action,outcome,agent_id,agent_email,agent_name/);
    const read = lines.find((line) => line.includes(',conversation-read,'));
    expect(read).toContain(`,"'=HYPERLINK(""x"") Karki",doctor,`);
    expect(read).toContain(',true,');

    const exports = await page({ agent: superadmin.email, type: 'audit-exported' });
    expect(exports).toHaveLength(1);
    expect(exports[0]?.detail).toEqual({ agent: inbox.email });
  });

  it('keeps the trail, its export and paused accounts to the super administrator', async () => {
    for (const caller of [patient, caring]) {
      expect((await caller.client.get('/api/audit/export')).status).toBe(403);
      expect((await caller.client.get('/api/audit/paused-accounts')).status).toBe(403);
    }
    expect((await new Client(server.url).get('/api/audit/export')).status).toBe(401);
  });

  it('lists an account whose password sign-in is paused by failures from many addresses', async () => {
    const target = await person(server, 'patient', { first: 'Target' });
    let answer = await superadmin.client.get<PausedAccounts>('/api/audit/paused-accounts');
    expect(answer.body.accounts.map((account) => account.email)).not.toContain(target.email);

    // Six addresses, each under its own budget, together past the account's.
    let last = 0;
    for (let attempt = 0; attempt < 51; attempt += 1) {
      const from = { 'x-forwarded-for': `198.51.100.${10 + (attempt % 6)}` };
      const refused = await new Client(server.url, from).post('/api/auth/sign-in/email', {
        email: target.email,
        password: `${password}-wrong`,
      });
      last = refused.status;
    }
    expect(last).toBe(429);
    answer = await superadmin.client.get<PausedAccounts>('/api/audit/paused-accounts');
    const paused = answer.body.accounts.find((account) => account.email === target.email);
    expect(paused?.failures).toBe(51);
    expect(Date.parse(paused!.until)).toBeGreaterThan(Date.now());

    const failures = await page({ agent: target.email, type: 'login', outcome: 'failure' });
    expect(failures.length).toBeGreaterThanOrEqual(50);
  });

  it('shows a patient who read her record, by name and role, and not her own reads nor others’', async () => {
    await patient.client.get(`/api/patients/${patient.id}/chart`);
    await caring.client.get(`/api/patients/${patient.id}/chart`);
    const answer = await patient.client.get<RecordReads>('/api/audit/my-record');
    expect(answer.status).toBe(200);
    const readers = answer.body.reads.map((read) => `${read.reader.name} ${read.reader.role}`);
    expect(new Set(readers)).toEqual(new Set(['Ram Thapa doctor', '=HYPERLINK("x") Karki doctor']));
    const chart = answer.body.reads.find((read) => read.type === 'chart-read');
    expect(chart).toMatchObject({ day: clinicToday(), times: 2 });

    const gita = await otherPatient.client.get<RecordReads>('/api/audit/my-record');
    expect(gita.body.reads.map((read) => read.reader.name)).not.toContain('Ram Thapa');
  });
});
