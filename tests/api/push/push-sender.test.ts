import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../../shared/notifications';
import { createPushSender, PushNotSentYet } from '../../../server/src/push/push-sender';
import { pushSubscriptionsRepository } from '../../../server/src/push/push-subscriptions-repository';
import { startWorld, type World } from '../authorization/world';

const payload: PushPayload = {
  kind: 'appointment-tomorrow',
  title: 'Appointment tomorrow',
  body: 'You have an appointment tomorrow. Open Sewa to see it.',
  path: '/',
  lang: 'en',
  tag: 'appointment-tomorrow',
};

/**
 * The sender checks each stored endpoint again before it posts: a device that subscribed while
 * a push service was allowed gets nothing once the setting no longer lists it. A listener
 * on loopback counts who connects to the device's push service.
 */
describe('the push sender', () => {
  let world: World;
  let listener: Server;
  let host: string;
  const connections: Socket[] = [];

  beforeAll(async () => {
    listener = createServer((socket) => {
      connections.push(socket);
      // Not a push service: hang up, so the post fails as a network failure.
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    host = `localhost:${(listener.address() as AddressInfo).port}`;
    world = await startWorld({ name: 'embedded' }, { PUSH_SERVICE_HOSTS: host });
  });
  afterAll(async () => {
    await world.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  it('answers nothing delivered, nothing gone, for a person with no device', async () => {
    const sender = createPushSender({
      config: world.server.config,
      subscriptions: pushSubscriptionsRepository(world.server.database.db),
    });
    await expect(sender.sendToUser(world.byRole.manager.userId!, payload)).resolves.toEqual({
      delivered: 0,
      gone: 0,
      refused: 0,
    });
  });

  it('posts only to push services the setting still lists, and asks for a later try when none took it', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device = {
      endpoint: `https://${host}/push/${randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const doctor = world.byRole.doctor;
    expect((await doctor.client().post('/api/push/subscriptions', device)).status).toBe(201);
    const subscriptions = pushSubscriptionsRepository(world.server.database.db);

    const narrowed = createPushSender({
      config: { push: { ...world.server.config.push, serviceHosts: ['fcm.googleapis.com'] } },
      subscriptions,
    });
    // No longer listed: refused without a connection, and not tried again.
    await expect(narrowed.sendToUser(doctor.userId!, payload)).resolves.toEqual({
      delivered: 0,
      gone: 0,
      refused: 1,
    });
    expect(connections).toHaveLength(0);

    const listed = createPushSender({ config: world.server.config, subscriptions });
    await expect(listed.sendToUser(doctor.userId!, payload)).rejects.toBeInstanceOf(PushNotSentYet);
    expect(connections).toHaveLength(1);
    // A failure for now keeps the device for the next try.
    expect((await subscriptions.listForUser(doctor.userId!)).map((each) => each.endpoint)).toEqual([
      device.endpoint,
    ]);
  });
});
