import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../../server/src/auth/demo-users';
import { Client } from '../auth/client';
import { nextAddress, startWorld, type World } from '../authorization/world';
import { databaseVariants } from '../support/test-server';

const pushHost = 'localhost:8443';
/** Two browsers' push services besides, as production lists them. */
const pushHosts = `${pushHost},fcm.googleapis.com,*.notify.windows.com`;

/** A subscription as a browser sends it, at the push service the server is told of. */
function subscription(endpoint = `https://${pushHost}/push/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe.each(databaseVariants)('push subscriptions on the $name database', (variant) => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld(variant, { PUSH_SERVICE_HOSTS: pushHosts });
  });
  afterAll(async () => {
    await world.close();
  });

  async function storedFor(endpoint: string) {
    const { rows } = await sql<{ user_id: string; session_id: string }>`
      select user_id, session_id from push_subscriptions where endpoint = ${endpoint}`.execute(
      world.server.database.db,
    );
    return rows;
  }

  async function rowCount(): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from push_subscriptions`.execute(world.server.database.db);
    return rows[0]!.count;
  }

  /** A fresh sign-in of the demo patient: a session of its own, as a second device would have. */
  async function signedInPatient(): Promise<Client> {
    const client = new Client(world.server.url, { 'x-forwarded-for': nextAddress() });
    const answer = await client.post('/api/auth/sign-in/email', {
      email: 'patient@example.com',
      password: demoPassword,
    });
    expect(answer.status).toBe(200);
    return client;
  }

  it('gives the configured VAPID public key to a signed-in caller', async () => {
    const answer = await world.byRole.patient
      .client()
      .get<{ publicKey: string }>('/api/push/public-key');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ publicKey: world.server.config.push.publicKey });
    expect(Buffer.from(answer.body.publicKey, 'base64url')).toHaveLength(65);
    expect(answer.headers.get('cache-control')).toContain('no-store');
  });

  it('stores a device once, for the caller, and forgets it when asked', async () => {
    const patient = world.byRole.patient.client();
    const device = subscription();
    expect((await patient.post('/api/push/subscriptions', device)).status).toBe(201);
    expect(await storedFor(device.endpoint)).toEqual([
      { user_id: world.byRole.patient.userId, session_id: expect.any(String) as string },
    ]);
    // The browser sends the same subscription again on every visit: still one row.
    expect((await patient.post('/api/push/subscriptions', device)).status).toBe(204);
    expect(await storedFor(device.endpoint)).toHaveLength(1);

    const removed = await patient.call('DELETE', '/api/push/subscriptions', {
      endpoint: device.endpoint,
    });
    expect(removed.status).toBe(204);
    expect(await storedFor(device.endpoint)).toEqual([]);
    // Forgetting one that is not there is the same answer.
    const again = await patient.call('DELETE', '/api/push/subscriptions', {
      endpoint: device.endpoint,
    });
    expect(again.status).toBe(204);
  });

  it.each([
    ['plain http', `http://${pushHost}/push/1`],
    ['a host not listed', 'https://push.example.com/push/1'],
    [
      'a default push service not listed here',
      'https://updates.push.services.mozilla.com/wpush/v2/1',
    ],
    ['the listed host on another port', 'https://localhost:8444/push/1'],
    ['the listed host without its port', 'https://localhost/push/1'],
    ['an address in place of the name', 'https://127.0.0.1:8443/push/1'],
    ['a user name before the host', `https://${pushHost}@169.254.169.254/latest`],
    ['a user name on the listed host', `https://user@${pushHost}/push/1`],
    ['a lookalike suffix', 'https://localhost.evil.example:8443/push/1'],
    ['a trailing dot', 'https://localhost.:8443/push/1'],
    ['no URL', 'not a url'],
    // Both pass the URL standard's parser, which reads a listed host in them; a parser of the
    // older kind reads 127.0.0.1 (a decimal address before the escape), or no host at all
    // (this machine), and that is where a post would have gone.
    ['a percent-escape in the host', 'https://2130706433%2enotify.windows.com/x'],
    ['one slash after the scheme', 'https:/fcm.googleapis.com/x'],
    ['an uppercase host', 'https://LOCALHOST:8443/push/1'],
    ['the default port written out', 'https://fcm.googleapis.com:443/fcm/send/1'],
  ])('refuses an endpoint with %s, storing nothing', async (_, endpoint) => {
    const before = await rowCount();
    const answer = await world.byRole.patient
      .client()
      .post('/api/push/subscriptions', subscription(endpoint));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: { code: 'push_endpoint_refused', message: 'This push service is not allowed.' },
    });
    expect(await storedFor(endpoint)).toEqual([]);
    // Nor any spelling of it.
    expect(await rowCount()).toBe(before);
  });

  it('stores an endpoint of each listed push service exactly as the browser sent it', async () => {
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${randomUUID()}:APA91b`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomUUID()}`,
    ]) {
      const answer = await world.byRole.patient
        .client()
        .post('/api/push/subscriptions', subscription(endpoint));
      expect(answer.status).toBe(201);
      expect(await storedFor(endpoint)).toHaveLength(1);
    }
  });

  it('refuses keys no message could be encrypted for', async () => {
    const device = subscription();
    const answer = await world.byRole.patient.client().post('/api/push/subscriptions', {
      ...device,
      keys: { p256dh: randomBytes(65).toString('base64url'), auth: device.keys.auth },
    });
    expect(answer.status).toBe(400);
    expect(await storedFor(device.endpoint)).toEqual([]);
  });

  it('gives anyone the public key, and a signed-out caller 401 on the device routes', async () => {
    const anonymous = world.signedOut.client();
    const device = subscription();
    const key = await anonymous.get<{ publicKey: string }>('/api/push/public-key');
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toBe(world.server.config.push.publicKey);
    expect((await anonymous.post('/api/push/subscriptions', device)).status).toBe(401);
    const removed = await anonymous.call('DELETE', '/api/push/subscriptions', {
      endpoint: device.endpoint,
    });
    expect(removed.status).toBe(401);
    expect(await storedFor(device.endpoint)).toEqual([]);
  });

  it("leaves someone else's device alone", async () => {
    const device = subscription();
    expect(
      (await world.byRole.patient.client().post('/api/push/subscriptions', device)).status,
    ).toBe(201);
    const other = await world.otherPatient.client().call('DELETE', '/api/push/subscriptions', {
      endpoint: device.endpoint,
    });
    expect(other.status).toBe(204);
    expect(await storedFor(device.endpoint)).toHaveLength(1);
  });

  it('gives a device to whoever subscribes on it now', async () => {
    const device = subscription();
    await world.byRole.patient.client().post('/api/push/subscriptions', device);
    await world.otherPatient.client().post('/api/push/subscriptions', device);
    expect(await storedFor(device.endpoint)).toEqual([
      { user_id: world.otherPatient.userId, session_id: expect.any(String) as string },
    ]);
  });

  it('forgets the device when the session that subscribed signs out', async () => {
    const tablet = await signedInPatient();
    const device = subscription();
    expect((await tablet.post('/api/push/subscriptions', device)).status).toBe(201);
    // Another sign-in of the same person keeps its own devices.
    const phone = await signedInPatient();
    const phoneDevice = subscription();
    expect((await phone.post('/api/push/subscriptions', phoneDevice)).status).toBe(201);

    expect((await tablet.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await storedFor(device.endpoint)).toEqual([]);
    expect(await storedFor(phoneDevice.endpoint)).toHaveLength(1);
  });
});
