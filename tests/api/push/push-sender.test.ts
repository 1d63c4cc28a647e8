import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../../shared/notifications';
import { isLoopbackAddress, isPublicAddress } from '../../../server/src/push/public-address';
import {
  createPushSender,
  PushNotSentYet,
  type ResolveHost,
} from '../../../server/src/push/push-sender';
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
 * The listener stands in for a push service, so it is on loopback, where no push service is:
 * the senders made here are told that loopback is a public address. The app's sender is
 * never told so (see private-addresses.test.ts).
 */
const loopbackAllowed = (address: string) => isPublicAddress(address) || isLoopbackAddress(address);

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

    const listed = createPushSender({
      config: world.server.config,
      subscriptions,
      mayConnectTo: loopbackAllowed,
    });
    await expect(listed.sendToUser(doctor.userId!, payload)).rejects.toBeInstanceOf(PushNotSentYet);
    expect(connections).toHaveLength(1);
    // A failure for now keeps the device for the next try.
    expect((await subscriptions.listForUser(doctor.userId!)).map((each) => each.endpoint)).toEqual([
      device.endpoint,
    ]);
  });

  /** Someone with no device of their own elsewhere in these tests. */
  const researcher = () => world.byRole.researcher.userId!;

  const forget = (device: { endpoint: string }) =>
    pushSubscriptionsRepository(world.server.database.db).deleteForUser(
      researcher(),
      device.endpoint,
    );

  /** A device under a name that the test's resolver answers for. */
  async function deviceAt(name: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device = {
      endpoint: `https://${name}/push/${randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    await pushSubscriptionsRepository(world.server.database.db).upsert(
      researcher(),
      (
        await world.server.database.db
          .selectFrom('session')
          .select('id')
          .where('userId', '=', researcher())
          .executeTakeFirstOrThrow()
      ).id,
      device,
    );
    return device;
  }

  it('connects to the address it checked, not to what the name resolves to a moment later', async () => {
    const port = (listener.address() as AddressInfo).port;
    const name = `rebinding.push.invalid:${port}`;
    const device = await deviceAt(name);
    // The first answer is the listener; any later one would be a private address.
    const asked: string[] = [];
    const resolve: ResolveHost = (hostname) => {
      asked.push(hostname);
      return Promise.resolve([
        { address: asked.length === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 },
      ]);
    };
    const sender = createPushSender({
      config: { push: { ...world.server.config.push, serviceHosts: [name] } },
      subscriptions: pushSubscriptionsRepository(world.server.database.db),
      resolve,
      mayConnectTo: loopbackAllowed,
    });
    const before = connections.length;
    await expect(sender.sendToUser(researcher(), payload)).rejects.toBeInstanceOf(PushNotSentYet);
    expect(asked).toEqual(['rebinding.push.invalid']);
    expect(connections).toHaveLength(before + 1);
    await forget(device);
  });

  it.each([
    ['a private address', ['10.0.0.7']],
    ['the cloud metadata address', ['169.254.169.254']],
    ['IPv4 loopback written as IPv6', ['::ffff:127.0.0.1']],
    ['a public address and a private one', ['142.250.183.10', '192.168.1.1']],
  ])('refuses a listed name that resolves to %s, connecting nowhere', async (_, addresses) => {
    const name = `inside.push.invalid`;
    const device = await deviceAt(name);
    const sender = createPushSender({
      config: { push: { ...world.server.config.push, serviceHosts: [name] } },
      subscriptions: pushSubscriptionsRepository(world.server.database.db),
      resolve: () =>
        Promise.resolve(
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        ),
    });
    const before = connections.length;
    await expect(sender.sendToUser(researcher(), payload)).resolves.toEqual({
      delivered: 0,
      gone: 0,
      refused: 1,
    });
    expect(connections).toHaveLength(before);
    // Kept: a name that resolves elsewhere for now is no device gone.
    const kept = await pushSubscriptionsRepository(world.server.database.db).listForUser(
      researcher(),
    );
    expect(kept.map((each) => each.endpoint)).toEqual([device.endpoint]);
    await forget(device);
  });
});
