import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../../shared/audit';
import type { Conversation } from '../../../shared/messaging';
import type { Factor } from '../../../shared/mfa';
import type { Visit } from '../../../shared/visits';
import { runUsersCommand } from '../../../server/src/cli/users';
import type { ApiErrorBody, Client } from '../auth/client';
import {
  password,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from '../auth/fixture';
import { totp } from '../auth/totp';
import { linksIn } from '../support/smtp';
import { person, type Person } from '../messaging/fixture';
import { jpeg } from '../support/photo-bytes';
import { databaseVariants } from '../support/test-server';

const quiet = { log: () => undefined, error: () => undefined };

describe.each(databaseVariants)('the audit trail on the $name database', (variant) => {
  let world: AuthWorld;
  let superadmin: Person;
  let doctor: Person;
  let patient: Person;

  beforeAll(async () => {
    world = await startAuthWorld(variant);
    superadmin = await person(world.server, 'superadmin', { first: 'Sarita' });
    doctor = await person(world.server, 'doctor', { first: 'Ram', last: 'Thapa' });
    patient = await person(world.server, 'patient', { first: 'Asha', last: 'Gurung' });
  });
  afterAll(() => world.close());

  /** Every entry the superadmin reads through the API for `query`, newest first. */
  async function entries(query: Record<string, string> = {}): Promise<AuditEntry[]> {
    const search = new URLSearchParams({ limit: '200', ...query });
    const answer = await superadmin.client.get<AuditPage>(`/api/audit?${search.toString()}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.entries;
  }

  const about = (record: string) => entries({ record });
  const typesOf = (list: AuditEntry[]) => list.map((entry) => `${entry.type} ${entry.outcome}`);

  it('records sign-ins, a refused one, sign-outs, second factors and a reset, with who and from where', async () => {
    const email = uniqueEmail('audited');
    await signUpAndConfirm(world, email);
    const from = { 'x-forwarded-for': '198.51.100.23' };

    const refused = await world.client(from).post('/api/auth/sign-in/email', {
      email,
      password: 'not the password',
    });
    expect(refused.status).toBe(401);
    const browser = world.client(from);
    expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const me = await browser.get<{ user: { id: string } }>('/api/me');
    const userId = me.body.user.id;

    let list = await entries({ user: email });
    expect(typesOf(list)).toEqual(['login success', 'login failure']);
    const [signIn, failure] = list;
    expect(signIn).toMatchObject({
      action: 'E',
      agent: { id: userId, email, role: 'patient', address: '198.51.100.23' },
      entity: { type: 'account', id: userId },
      detail: { method: 'password' },
    });
    expect(failure).toMatchObject({
      agent: { id: userId, address: '198.51.100.23' },
      detail: { method: 'password', reason: 'invalid_email_or_password' },
    });
    expect(Date.parse(signIn!.recorded)).toBeGreaterThanOrEqual(Date.parse(failure!.recorded));

    // An authenticator app: counted once its first code is checked.
    const enable = await browser.post<{ totpURI: string }>('/api/auth/two-factor/enable', {
      password,
    });
    expect(enable.status).toBe(200);
    const secret = new URL(enable.body.totpURI).searchParams.get('secret')!;
    expect(typesOf(await entries({ user: email }))[0]).toBe('login success');
    const verified = await browser.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(verified.status).toBe(200);

    expect((await browser.post('/api/auth/sign-out', {})).status).toBe(200);

    // Now the password alone is no sign-in: only the second step makes one.
    const again = world.client(from);
    const first = await again.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
      email,
      password,
    });
    expect(first.body.twoFactorRedirect).toBe(true);
    list = await entries({ user: email });
    expect(typesOf(list).slice(0, 2)).toEqual(['logout success', 'second-factor-added success']);
    expect(list[1]).toMatchObject({ action: 'C', detail: { factor: 'totp' } });
    const wrongCode = await again.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrongCode.status).toBe(401);
    const second = await again.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(second.status).toBe(200);
    list = await entries({ user: email });
    expect(list[0]).toMatchObject({
      type: 'login',
      outcome: 'success',
      detail: { method: 'authenticator app' },
    });
    expect(list[1]).toMatchObject({ type: 'login', outcome: 'failure' });

    // Removing the factor with a wrong password changes nothing and claims nothing.
    const [factor] = (await again.get<Factor[]>('/api/mfa/factors')).body;
    const refusedRemoval = await again.call<ApiErrorBody>(
      'DELETE',
      `/api/mfa/factors/${factor!.id}`,
      { password: 'wrong password' },
    );
    expect(refusedRemoval.status).toBe(400);
    expect(typesOf(await entries({ user: email }))[0]).toBe('login success');
    const removal = await again.call('DELETE', `/api/mfa/factors/${factor!.id}`, { password });
    expect(removal.status).toBe(204);
    expect((await entries({ user: email }))[0]).toMatchObject({
      type: 'second-factor-removed',
      action: 'D',
      agent: { id: userId, address: '198.51.100.23' },
      detail: { factor: 'totp' },
    });

    // A reset through the mailed link.
    const seen = world.smtp.mailsTo(email).length;
    await world
      .client()
      .post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const [link] = linksIn((await world.smtp.nextMailTo(email, seen)).text);
    const opened = await world.client().get(link!);
    const token = new URL(opened.headers.get('location')!, world.server.url).searchParams.get(
      'token',
    )!;
    const tooShort = await world
      .client(from)
      .post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(tooShort.status).toBe(400);
    expect(typesOf(await entries({ user: email }))).not.toContain('password-reset success');
    const reset = await world
      .client(from)
      .post('/api/auth/reset-password', { token, newPassword: 'a brand new password' });
    expect(reset.status).toBe(200);
    expect((await entries({ user: email }))[0]).toMatchObject({
      type: 'password-reset',
      action: 'U',
      agent: { id: userId, address: '198.51.100.23' },
    });
  });

  it('records a password change, a name change and sessions ended, not a refused change', async () => {
    const email = uniqueEmail('changes');
    await signUpAndConfirm(world, email);
    const browser = world.client();
    expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const userId = (await browser.get<{ user: { id: string } }>('/api/me')).body.user.id;

    const wrong = await browser.post('/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'a new password 42',
    });
    expect(wrong.status).toBe(400);
    expect(typesOf(await about(userId))).toEqual(['login success']);

    const changed = await browser.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'a new password 42',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await browser.post('/api/auth/update-user', { name: 'Asha G' })).status).toBe(200);
    expect((await browser.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);

    expect(typesOf(await about(userId))).toEqual([
      'logout success',
      'profile-changed success',
      'password-changed success',
      'login success',
    ]);
  });

  it('records a failed sign-in of an address nobody has, naming no account', async () => {
    const since = new Date().toISOString();
    const answer = await world
      .client({ 'x-forwarded-for': '198.51.100.99' })
      .post('/api/auth/sign-in/email', {
        email: uniqueEmail('nobody'),
        password: 'whatever it is',
      });
    expect(answer.status).toBe(401);
    const failures = (await entries({ since })).filter(
      (entry) => entry.agent.address === '198.51.100.99',
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      type: 'login',
      outcome: 'failure',
      agent: { id: null, email: null },
    });
  });

  it('records a role change by the users command, and profile changes', async () => {
    const someone = await person(world.server, 'patient', { first: 'Bimal' });
    expect(
      await runUsersCommand(['set-role', someone.email, 'doctor'], world.server.database.db, quiet),
    ).toBe(0);
    // Setting the role it already has changes nothing, and records nothing.
    expect(
      await runUsersCommand(['set-role', someone.email, 'doctor'], world.server.database.db, quiet),
    ).toBe(0);
    const changes = (await about(someone.id)).filter((entry) => entry.type === 'role-changed');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      action: 'U',
      agent: { id: null },
      entity: { type: 'account', id: someone.id },
      detail: { from: 'patient', to: 'doctor' },
    });

    const refused = await patient.client.call('PUT', '/api/profile', { date_system: 'ad' });
    expect(refused.status).toBe(400);
    expect(typesOf(await about(patient.id))).not.toContain('profile-changed success');
    const saved = await patient.client.call('PUT', '/api/profile', {
      first_name: 'Asha',
      last_name: 'Gurung',
      date_system: 'ad',
      dob_ad: '1990-04-01',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [changed] = (await about(patient.id)).filter((entry) => entry.type === 'profile-changed');
    expect(changed).toMatchObject({
      action: 'U',
      agent: { id: patient.id, role: 'patient' },
      entity: { type: 'profile', id: patient.id, subjectId: patient.id },
    });
    // Which answers changed, never the answers themselves.
    expect(JSON.stringify(changed)).not.toContain('1990-04-01');
  });

  it('records messages sent once, and staff opening a patient’s conversation', async () => {
    const care = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const conversationId = care.body.conversation.id;
    const messageId = randomUUID();
    const send = (who: Person, id: string, content: string) =>
      who.client.post(`/api/messaging/conversations/${conversationId}/messages`, { id, content });

    expect((await send(patient, messageId, 'My fever is back')).status).toBe(201);
    // The same message sent again (a retry from the outbox) is stored and recorded once.
    expect((await send(patient, messageId, 'My fever is back')).status).toBe(200);
    expect((await send(patient, randomUUID(), 'x'.repeat(5000))).status).toBe(400);
    const sent = (await about(patient.id)).filter((entry) => entry.type === 'message-sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      action: 'C',
      agent: { id: patient.id, role: 'patient' },
      entity: { type: 'message', id: messageId, subjectId: patient.id },
      detail: { conversationId },
    });

    // The patient reading their own conversation is not a staff read.
    await patient.client.get(`/api/messaging/conversations/${conversationId}/messages`);
    expect(typesOf(await about(conversationId))).not.toContain('conversation-read success');

    await doctor.client.get(`/api/messaging/conversations/${conversationId}`);
    await doctor.client.get(`/api/messaging/conversations/${conversationId}/messages`);
    // A poll that brings nothing new showed nothing.
    await doctor.client.get(
      `/api/messaging/conversations/${conversationId}/messages?after=${messageId}`,
    );
    const reads = (await about(conversationId)).filter(
      (entry) => entry.type === 'conversation-read',
    );
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({
      action: 'R',
      agent: { id: doctor.id, role: 'doctor' },
      entity: { type: 'conversation', id: conversationId, subjectId: patient.id },
      detail: { messages: 1 },
    });
  });

  it('records photo uploads and every fetch, and nothing for a refused upload', async () => {
    const id = randomUUID();
    const put = (body: Buffer, contentType: string) =>
      fetch(`${world.server.url}/api/uploads/${id}`, {
        method: 'PUT',
        headers: {
          origin: world.server.url,
          'content-type': contentType,
          cookie: patient.client.cookieHeader(),
        },
        body,
      });
    expect((await put(Buffer.from('not a photo'), 'image/jpeg')).status).toBe(415);
    expect(await about(id)).toEqual([]);
    const stored = await put(jpeg, 'image/jpeg');
    expect(stored.status).toBe(201);
    expect((await put(jpeg, 'image/jpeg')).status).toBe(200);
    // The photo's own id, as its URL names it (`/api/uploads/<photo id>/content`).
    const { url, byteSize } = (await stored.json()) as { url: string; byteSize: number };
    const photoId = url.split('/')[3]!;

    const fetchAs = (who: Client) =>
      fetch(`${world.server.url}${url}`, {
        headers: { cookie: who.cookieHeader() },
      });
    expect((await fetchAs(patient.client)).status).toBe(200);
    // A doctor who does not care for the patient is refused, and that is no read.
    expect((await fetchAs(doctor.client)).status).toBe(404);
    const care = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const answered = await doctor.client.post(
      `/api/messaging/conversations/${care.body.conversation.id}/messages`,
      { id: randomUUID(), content: 'Please send a photo of the rash.' },
    );
    expect(answered.status).toBe(201);
    expect((await fetchAs(doctor.client)).status).toBe(200);
    // Shown again from the browser's copy: seen again.
    const again = await fetch(`${world.server.url}${url}`, {
      headers: { cookie: doctor.client.cookieHeader(), 'if-none-match': `"${photoId}"` },
    });
    expect(again.status).toBe(304);

    const list = await about(photoId);
    expect(typesOf(list)).toEqual([
      'photo-read success',
      'photo-read success',
      'photo-read success',
      'photo-uploaded success',
    ]);
    expect(list[0]).toMatchObject({ agent: { id: doctor.id }, detail: { fromBrowserCopy: true } });
    expect(list[1]).toMatchObject({
      action: 'R',
      agent: { id: doctor.id, role: 'doctor' },
      entity: { type: 'photo', id: photoId, subjectId: patient.id },
    });
    expect(list[3]).toMatchObject({
      action: 'C',
      agent: { id: patient.id },
      detail: { contentType: 'image/jpeg', bytes: byteSize },
    });
  });

  it('records each visit transition and the doctor opening the visit, not a start that lost', async () => {
    const visitor = await person(world.server, 'patient', { first: 'Kamala' });
    const otherDoctor = await person(world.server, 'doctor', { first: 'Hari' });
    const joined = await visitor.client.post<Visit>('/api/visits', { reason: 'Cough' });
    expect(joined.status).toBe(201);
    const visitId = joined.body.id;
    expect((await doctor.client.post(`/api/visits/${visitId}/start`)).status).toBe(200);
    // Too late: another doctor has just taken it.
    const lost = await otherDoctor.client.post(`/api/visits/${visitId}/start`);
    expect(lost.status).toBe(409);
    expect((await doctor.client.get(`/api/visits/${visitId}`)).status).toBe(200);
    expect((await visitor.client.get(`/api/visits/${visitId}`)).status).toBe(200);
    expect((await visitor.client.post(`/api/visits/${visitId}/cancel`)).status).toBe(200);

    const list = await about(visitId);
    expect(
      list.map((entry) => [
        entry.type,
        entry.agent.id,
        entry.detail?.from ?? null,
        entry.detail?.to ?? null,
      ]),
    ).toEqual([
      ['visit-changed', visitor.id, 'waiting', 'cancelled'],
      ['visit-read', doctor.id, null, null],
      ['visit-changed', doctor.id, 'queued', 'waiting'],
      ['visit-changed', visitor.id, null, 'queued'],
    ]);
    expect(list.every((entry) => entry.entity.subjectId === visitor.id)).toBe(true);
    expect(list.some((entry) => entry.agent.id === otherDoctor.id)).toBe(false);
  });

  it('is read by the superadmin alone, a page at a time', async () => {
    const others = await Promise.all(
      (['patient', 'doctor', 'manager', 'admin', 'researcher'] as const).map((role) =>
        person(world.server, role, { first: role }),
      ),
    );
    for (const other of others) {
      const answer = await other.client.get<ApiErrorBody>('/api/audit');
      expect(answer.status, other.role).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
    expect((await world.client().get('/api/audit')).status).toBe(401);

    const first = await superadmin.client.get<AuditPage>('/api/audit?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(3);
    expect(first.body.next).not.toBeNull();
    const second = await superadmin.client.get<AuditPage>(
      `/api/audit?limit=3&before=${first.body.next!}`,
    );
    const ids = [...first.body.entries, ...second.body.entries].map((entry) => Number(entry.id));
    expect(new Set(ids).size).toBe(6);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    for (const query of [
      'limit=0',
      'limit=201',
      'before=abc',
      'before=9999999999999999999',
      'since=yesterday',
      'user=nobody',
    ]) {
      const answer = await superadmin.client.get<ApiErrorBody>(`/api/audit?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code, query).toBe('validation_failed');
    }
    // Reading the trail is part of it; a refused read is not.
    const reads = (await entries({ user: superadmin.email })).filter(
      (entry) => entry.type === 'audit-read',
    );
    expect(reads.some((entry) => entry.detail?.limit === 3)).toBe(true);
    for (const other of others) {
      const theirs = await entries({ user: other.email });
      expect(typesOf(theirs), other.role).not.toContain('audit-read success');
    }

    // There is no way to change or delete an entry through the API.
    const [entry] = first.body.entries;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await superadmin.client.call(method, `/api/audit/${entry!.id}`, {});
      expect(answer.status, method).toBe(404);
    }
  });
});
