import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRecord, NotificationSettings } from '../../../shared/notifications';
import { startWorld, type World } from '../authorization/world';
import { databaseVariants } from '../support/test-server';

describe.each(databaseVariants)('notification settings on the $name database', (variant) => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld(variant);
  });
  afterAll(async () => {
    await world.close();
  });

  it('starts from the defaults: texts on, reminders off, quiet 21:00–07:00, English, no number', async () => {
    const answer = await world.otherPatient
      .client()
      .get<NotificationSettings>('/api/notifications/settings');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      phoneNumber: null,
      texts: true,
      medicationReminders: false,
      quietHours: { start: '21:00', end: '07:00' },
      language: 'en',
    });
  });

  it('changes what is sent and keeps the rest', async () => {
    const doctor = world.byRole.doctor.client();
    const first = await doctor.call<NotificationSettings>('PATCH', '/api/notifications/settings', {
      language: 'ne',
      quietHours: { start: '22:30', end: '06:15' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      texts: true,
      medicationReminders: false,
      quietHours: { start: '22:30', end: '06:15' },
      language: 'ne',
    });
    const second = await doctor.call<NotificationSettings>('PATCH', '/api/notifications/settings', {
      texts: false,
      medicationReminders: true,
    });
    expect(second.body).toEqual({
      phoneNumber: null,
      texts: false,
      medicationReminders: true,
      quietHours: { start: '22:30', end: '06:15' },
      language: 'ne',
    });
    expect((await doctor.get('/api/notifications/settings')).body).toEqual(second.body);
    // Someone else's settings did not move.
    const other = await world.otherPatient
      .client()
      .get<NotificationSettings>('/api/notifications/settings');
    expect(other.body.language).toBe('en');
  });

  it('shows the verified number only', async () => {
    const { db } = world.server.database;
    const id = world.byRole.manager.userId!;
    await sql`update "user" set "phoneNumber" = '+9779812345678', "phoneNumberVerified" = false
      where id = ${id}`.execute(db);
    const manager = world.byRole.manager.client();
    const unproven = await manager.get<NotificationSettings>('/api/notifications/settings');
    expect(unproven.body.phoneNumber).toBeNull();
    await sql`update "user" set "phoneNumberVerified" = true where id = ${id}`.execute(db);
    const proven = await manager.get<NotificationSettings>('/api/notifications/settings');
    expect(proven.body.phoneNumber).toBe('+9779812345678');
  });

  it.each([
    [{ language: 'fr' }],
    [{ texts: 'yes' }],
    [{ quietHours: { start: '25:00', end: '07:00' } }],
    [{ quietHours: { start: '21:00' } }],
    [{ quietHours: '21:00-07:00' }],
    [{ medicationReminders: null }],
  ])('refuses %o with 400 and changes nothing', async (change) => {
    const admin = world.byRole.admin.client();
    const before = await admin.get('/api/notifications/settings');
    const answer = await admin.call('PATCH', '/api/notifications/settings', change);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await admin.get('/api/notifications/settings')).body).toEqual(before.body);
  });

  it('answers a signed-out caller 401', async () => {
    const anonymous = world.signedOut.client();
    expect((await anonymous.get('/api/notifications/settings')).status).toBe(401);
    const change = await anonymous.call('PATCH', '/api/notifications/settings', { texts: false });
    expect(change.status).toBe(401);
  });
});

describe.each(databaseVariants)('the record of notifications on the $name database', (variant) => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld(variant);
  });
  afterAll(async () => {
    await world.close();
  });

  async function recorded(
    kind: string,
    dueAt: string,
    status = 'sent',
    reason: string | null = null,
  ) {
    const id = randomUUID();
    await sql`insert into notifications (id, idempotency_key, user_id, kind, channel, status,
        reason, attempts, due_at, finished_at)
      values (${id}, ${`${kind}:${id}:push`}, ${world.byRole.patient.userId}, ${kind}, 'push',
        ${status}, ${reason}, 1, ${dueAt}, ${status === 'pending' ? null : dueAt})`.execute(
      world.server.database.db,
    );
    return id;
  }

  it("shows the superadmin who, channel, kind and outcome, newest first, and never a notification's words", async () => {
    const older = await recorded(
      'appointment-booked',
      '2026-03-01T08:00:00.000Z',
      'failed',
      'gone',
    );
    const newer = await recorded('doctor-is-in', '2026-03-02T08:00:00.000Z');
    const answer = await world.byRole.superadmin
      .client()
      .get<{ records: NotificationRecord[] }>('/api/notifications/records');
    expect(answer.status).toBe(200);
    const ids: string[] = [older, newer];
    const ours = answer.body.records.filter((record) => ids.includes(record.id));
    expect(ours).toEqual([
      {
        id: newer,
        recipientId: world.byRole.patient.userId,
        recipientName: 'Sita Sharma',
        channel: 'push',
        kind: 'doctor-is-in',
        outcome: 'sent',
        reason: null,
        attempts: 1,
        dueAt: '2026-03-02T08:00:00.000Z',
        finishedAt: '2026-03-02T08:00:00.000Z',
      },
      expect.objectContaining({ id: older, outcome: 'failed', reason: 'gone' }),
    ]);
    for (const record of answer.body.records) {
      expect(Object.keys(record).sort()).toEqual(
        [
          'attempts',
          'channel',
          'dueAt',
          'finishedAt',
          'id',
          'kind',
          'outcome',
          'reason',
          'recipientId',
          'recipientName',
        ].sort(),
      );
    }

    const before = await world.byRole.superadmin
      .client()
      .get<{ records: NotificationRecord[] }>(
        `/api/notifications/records?before=${encodeURIComponent('2026-03-02T08:00:00.000Z')}`,
      );
    expect(before.body.records.map((record) => record.id)).toContain(older);
    expect(before.body.records.map((record) => record.id)).not.toContain(newer);
  });

  it('keeps the record from everyone else', async () => {
    for (const role of ['patient', 'doctor', 'manager', 'admin', 'researcher'] as const) {
      const answer = await world.byRole[role].client().get('/api/notifications/records');
      expect(answer.status, role).toBe(403);
    }
    expect((await world.signedOut.client().get('/api/notifications/records')).status).toBe(401);
  });

  it('refuses a "before" that is no instant', async () => {
    const answer = await world.byRole.superadmin
      .client()
      .get('/api/notifications/records?before=yesterday');
    expect(answer.status).toBe(400);
  });
});
