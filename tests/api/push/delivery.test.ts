import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRecord, PushPayload } from '../../../shared/notifications';
import { demoPassword } from '../../../server/src/auth/demo-users';
import { Client } from '../auth/client';
import {
  decryptPush,
  pushServiceOnLoopback,
  startFakePushService,
  type BrowserSubscription,
  type FakePushService,
} from '../support/push-service';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process';

async function signIn(url: string, email: string): Promise<Client> {
  const client = new Client(url);
  const answer = await client.post('/api/auth/sign-in/email', { email, password: demoPassword });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return client;
}

/** The superadmin's record of this kind and channel for the recipient, once it has an outcome. */
async function outcomeOf(
  superadmin: Client,
  kind: NotificationRecord['kind'],
  recipientId: string,
): Promise<NotificationRecord> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await superadmin.get<{ records: NotificationRecord[] }>(
      '/api/notifications/records',
    );
    const record = answer.body.records.find(
      (each) => each.kind === kind && each.channel === 'push' && each.recipientId === recipientId,
    );
    if (record && record.outcome !== 'pending') return record;
    if (Date.now() > deadline) throw new Error(`no outcome for ${kind}: ${JSON.stringify(record)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The real server as a process of its own, trusting the test's push service through
 * NODE_EXTRA_CA_CERTS as it would trust a real one through the system's certificates, and
 * told that the push service on loopback is one (`pushServiceOnLoopback`).
 */
describe('web push from the server to a push service on https', () => {
  let service: FakePushService;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let patient: Client;
  let doctor: Client;
  let superadmin: Client;
  let patientId: string;
  let device: BrowserSubscription;

  beforeAll(async () => {
    service = await startFakePushService();
    dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-push-process-'));
    server = await startServerProcess({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DEMO_USERS: 'true',
      NODE_EXTRA_CA_CERTS: service.certificateFile,
      PUSH_SERVICE_HOSTS: service.host,
      ...pushServiceOnLoopback(),
    });
    patient = await signIn(server.url, 'patient@example.com');
    doctor = await signIn(server.url, 'doctor@example.com');
    superadmin = await signIn(server.url, 'superadmin@example.com');
    patientId = (await patient.get<{ user: { id: string } }>('/api/me')).body.user.id;
    // No quiet hours, so what these tests send goes at once whatever the hour of the run.
    const quiet = await patient.call('PATCH', '/api/notifications/settings', {
      quietHours: { start: '00:00', end: '00:00' },
    });
    expect(quiet.status).toBe(200);
    device = service.subscription();
  }, 180_000);

  afterAll(async () => {
    await stopServerProcess(server);
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells a Nepali patient "the doctor is in", urgently, in a message only their device can read', async () => {
    const language = await patient.call('PATCH', '/api/notifications/settings', { language: 'ne' });
    expect(language.status).toBe(200);
    const key = await patient.get<{ publicKey: string }>('/api/push/public-key');
    expect((await patient.post('/api/push/subscriptions', device.json)).status).toBe(201);

    const visit = await patient.post<{ id: string }>('/api/visits', {
      reason: 'Fever for three days',
      type: 'video',
    });
    expect(visit.status).toBe(201);
    expect((await doctor.post(`/api/visits/${visit.body.id}/start`)).status).toBe(200);

    const push = await service.next(device.path);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    // VAPID: signed with the server's key, which the browser subscribed with.
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(push.headers.authorization).toContain(`k=${key.body.publicKey}`);
    // What travels is ciphertext: none of the words are readable on the way.
    expect(push.body.toString('utf8')).not.toContain('doctor-is-in');

    const payload = decryptPush(push.body, device) as PushPayload;
    expect(payload).toMatchObject({ kind: 'doctor-is-in', lang: 'ne', path: '/' });
    expect(payload.title).toMatch(/[\u0900-\u097F]/);
    // Only that there is something to see: nothing of the visit's reason.
    expect(JSON.stringify(payload)).not.toContain('Fever');

    const record = await outcomeOf(superadmin, 'doctor-is-in', patientId);
    expect(record).toMatchObject({ outcome: 'sent', reason: null });
  });

  it('forgets a device its push service says is gone (410)', async () => {
    service.answer(device.path, { status: 410 });
    const before = service.received.filter((push) => push.path === device.path).length;
    const conversation = await patient.post<{ conversation: { id: string } }>(
      '/api/messaging/care-team',
    );
    const answered = await doctor.post(
      `/api/messaging/conversations/${conversation.body.conversation.id}/messages`,
      { id: crypto.randomUUID(), content: 'Namaste, please rest and drink water.' },
    );
    expect(answered.status).toBe(201);

    const record = await outcomeOf(superadmin, 'care-team-answered', patientId);
    expect(record).toMatchObject({ outcome: 'skipped', reason: 'gone' });
    expect(service.received.filter((push) => push.path === device.path)).toHaveLength(before + 1);
    // The subscription is gone: the same device subscribing again is a new one.
    expect((await patient.post('/api/push/subscriptions', device.json)).status).toBe(201);
  });

  it('tries again when the push service fails for now (5xx), and records one send', async () => {
    // The first visit gives way: a patient has one open visit at a time.
    const first = await patient.get<{ visit: { id: string } | null }>('/api/visits/current');
    if (first.body.visit) {
      expect((await patient.post(`/api/visits/${first.body.visit.id}/cancel`)).status).toBe(200);
    }
    service.answer(device.path, { status: 503 }, { status: 201 });
    const before = service.received.filter((push) => push.path === device.path).length;

    const visit = await patient.post<{ id: string }>('/api/visits', {
      reason: 'Cough',
      type: 'video',
    });
    expect(visit.status).toBe(201);
    expect((await doctor.post(`/api/visits/${visit.body.id}/start`)).status).toBe(200);

    const record = await outcomeOf(superadmin, 'doctor-is-in', patientId);
    expect(record).toMatchObject({ outcome: 'sent', attempts: 2 });
    const posts = service.received.filter((push) => push.path === device.path).slice(before);
    expect(posts).toHaveLength(2);
    const payload = decryptPush(posts[1]!.body, device) as PushPayload;
    expect(payload).toMatchObject({ kind: 'doctor-is-in', lang: 'ne' });
  }, 60_000);

  it('forgets a device its push service no longer knows (404)', async () => {
    const doctorId = (await doctor.get<{ user: { id: string } }>('/api/me')).body.user.id;
    const doctorsDevice = service.subscription();
    expect((await doctor.post('/api/push/subscriptions', doctorsDevice.json)).status).toBe(201);
    service.answer(doctorsDevice.path, { status: 404 });
    const open = await patient.get<{ visit: { id: string } | null }>('/api/visits/current');
    if (open.body.visit) {
      expect((await patient.post(`/api/visits/${open.body.visit.id}/cancel`)).status).toBe(200);
    }

    // A walk-in joins: every doctor is told by push.
    const visit = await patient.post<{ id: string }>('/api/visits', { reason: 'Rash' });
    expect(visit.status).toBe(201);
    const record = await outcomeOf(superadmin, 'patient-in-queue', doctorId);
    expect(record).toMatchObject({ outcome: 'skipped', reason: 'gone' });
    expect(service.received.filter((push) => push.path === doctorsDevice.path)).toHaveLength(1);
    // Gone from the server too: the same device subscribing again is a new one.
    expect((await doctor.post('/api/push/subscriptions', doctorsDevice.json)).status).toBe(201);
  }, 60_000);
});
