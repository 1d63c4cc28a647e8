import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDay, saveHours } from '../appointments/fixture';
import { person, type Person } from '../messaging/fixture';
import { eventually } from '../notifications/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { joinWaitingRoom } from '../visits/fixture';

/** A device's keys as a browser makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

/**
 * A push service is on the public internet. A listed name that resolves to this machine (or the
 * clinic's network) gets no connection when a message is sent, nor does a stored endpoint that
 * only another URL parser reads as a listed host. A listener on 127.0.0.1 counts who connects.
 */
describe.each(databaseVariants)(
  'push services inside the network on the $name database',
  (variant) => {
    let server: TestServer;
    let listener: Server;
    let host: string;
    let connections = 0;
    let doctor: Person;
    let walkIns = 0;

    /** The doctor's push row for one walk-in, once it is no longer pending. */
    async function pushFor(visitId: string) {
      return eventually(async () => {
        const { rows } = await sql<{ status: string; reason: string | null }>`
          select status, reason from notifications
          where user_id = ${doctor.id} and kind = 'patient-in-queue' and channel = 'push'
            and idempotency_key like ${`patient-in-queue:${visitId}:%`}`.execute(
          server.database.db,
        );
        return rows.length === 1 && rows[0]!.status !== 'pending' ? rows[0] : null;
      });
    }

    async function storedEndpoints(): Promise<string[]> {
      const { rows } = await sql<{ endpoint: string }>`
        select endpoint from push_subscriptions where user_id = ${doctor.id}`.execute(
        server.database.db,
      );
      return rows.map((row) => row.endpoint);
    }

    async function walkIn() {
      walkIns += 1;
      const patient = await person(server, 'patient', {
        first: 'Sita',
        last: `Walk-in ${walkIns}`,
      });
      return joinWaitingRoom(patient);
    }

    beforeAll(async () => {
      listener = createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      // Listed, as an operator might list it by mistake; `localhost` resolves to loopback.
      host = `localhost:${(listener.address() as AddressInfo).port}`;
      server = await startTestServer({
        variant,
        env: { DEMO_USERS: 'false', PUSH_SERVICE_HOSTS: `${host},*.${host}` },
      });
      doctor = await person(server, 'doctor', { first: 'Ram' });
      await saveHours(doctor, doctor.id, allDay);
    }, 120_000);
    afterAll(async () => {
      await server.close();
      await new Promise((resolve) => listener.close(resolve));
    });

    it('connects to no listed push service whose name resolves to this machine', async () => {
      const endpoint = `https://${host}/push/${randomUUID()}`;
      const subscribed = await doctor.client.post('/api/push/subscriptions', {
        endpoint,
        expirationTime: null,
        keys: browserKeys(),
      });
      // Its name is listed: taken. Where it leads is judged when a message leaves.
      expect(subscribed.status).toBe(201);

      const visit = await walkIn();
      // Refused for good, not tried again, and no connection made.
      expect(await pushFor(visit.id)).toEqual({ status: 'failed', reason: 'refused' });
      expect(connections).toBe(0);
      // Kept: the name may resolve to the push service again once its DNS is mended.
      expect(await storedEndpoints()).toEqual([endpoint]);
      await doctor.client.call('DELETE', '/api/push/subscriptions', { endpoint });
    });

    it('connects nowhere for a stored endpoint another parser would read as this machine', async () => {
      // Stored before the check was exact: one slash after the scheme (another parser reads no
      // host, so this machine) and a percent-escape in the host (another reads 127.0.0.1).
      const session = await server.database.db
        .selectFrom('session')
        .select('id')
        .where('userId', '=', doctor.id)
        .executeTakeFirstOrThrow();
      const stored = [`https:/${host}/push/${randomUUID()}`, `https://2130706433%2e${host}/push/1`];
      for (const endpoint of stored) {
        const keys = browserKeys();
        await server.database.db
          .insertInto('push_subscriptions')
          .values({
            endpoint,
            user_id: doctor.id,
            session_id: session.id,
            p256dh: keys.p256dh,
            auth: keys.auth,
          })
          .execute();
      }

      const visit = await walkIn();
      expect(await pushFor(visit.id)).toEqual({ status: 'failed', reason: 'refused' });
      expect(connections).toBe(0);
    });
  },
);
