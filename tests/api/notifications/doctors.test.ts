import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDay, book, checkIn, saveHours, slotAhead, startIn } from '../appointments/fixture';
import { openStream, person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { joinWaitingRoom } from '../visits/fixture';
import { eventually, notificationsOf, settled } from './fixture';

const minute = 60_000;

/**
 * What a doctor is told: every doctor by push when a walk-in joins the waiting room, which all
 * of them serve; only the appointment's doctor when its patient checks in; and nobody whose
 * app is open, where the queue already shows it.
 */
describe.each(databaseVariants)('notifications to doctors on the $name database', (variant) => {
  let server: TestServer;
  let doctors: Person[];
  let count = 0;
  const patient = () => {
    count += 1;
    return person(server, 'patient', { first: 'Sita', last: `Doctors ${count}` });
  };

  /** The rows of one kind for a doctor, channel and outcome, once none is pending. */
  async function toldOf(doctor: Person, kind: string, cause: string) {
    return eventually(async () => {
      const { rows } = await sql<{ channel: string; status: string; reason: string | null }>`
        select channel, status, reason from notifications
        where user_id = ${doctor.id} and kind = ${kind} and idempotency_key like ${`${kind}:${cause}:%`}
        order by channel`.execute(server.database.db);
      return rows.length > 0 && rows.every((row) => row.status !== 'pending') ? rows : null;
    });
  }

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    doctors = [
      await person(server, 'doctor', { first: 'Ram' }),
      await person(server, 'doctor', { first: 'Hari' }),
    ];
    for (const doctor of doctors) await saveHours(doctor, doctor.id, allDay);
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it('tells every doctor by push, and by push only, that a walk-in joined the queue', async () => {
    const visit = await joinWaitingRoom(await patient());
    for (const doctor of doctors) {
      // No device subscribed: recorded, and skipped for that reason.
      expect(await toldOf(doctor, 'patient-in-queue', visit.id)).toEqual([
        { channel: 'push', status: 'skipped', reason: 'no_device' },
      ]);
    }
  });

  it('tells only the appointment’s doctor that its patient checked in', async () => {
    const [doctor, other] = doctors as [Person, Person];
    const sita = await patient();
    const booked = await book(
      sita,
      doctor.id,
      (await slotAhead(sita, doctor.id, 60 * minute)).startsAt,
    );
    await startIn(server, booked, 20 * minute);
    const checked = await checkIn(sita, booked.id);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const { visitId } = checked.body;

    // By push and text; this doctor has no device and no verified number.
    expect(await toldOf(doctor, 'patient-checked-in', visitId)).toEqual([
      { channel: 'push', status: 'skipped', reason: 'no_device' },
      { channel: 'sms', status: 'skipped', reason: 'no_number' },
    ]);
    const othersRows = await notificationsOf(server, other.id);
    expect(othersRows.filter((row) => row.kind === 'patient-checked-in')).toEqual([]);
    // A checked-in patient is no walk-in: no doctor is told of the queue for that visit.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from notifications
      where idempotency_key like ${`patient-in-queue:${visitId}:%`}`.execute(server.database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('tells a doctor whose app is open nothing by push: the queue on the screen shows it', async () => {
    const [watching, away] = doctors as [Person, Person];
    const stream = await openStream(
      `${server.url}/api/visits/events`,
      watching.client.cookieHeader(),
    );
    try {
      await stream.next((event) => event.event === 'ready');
      // The screen is known to every server once its row is written.
      await eventually(async () => {
        const { rows } = await sql`select 1 from open_screens
          where user_id = ${watching.id}`.execute(server.database.db);
        return rows.length > 0;
      });
      const visit = await joinWaitingRoom(await patient());
      expect(await toldOf(watching, 'patient-in-queue', visit.id)).toEqual([
        { channel: 'push', status: 'skipped', reason: 'screen_open' },
      ]);
      expect(await settled(server, away.id, 'patient-in-queue', 'push')).toMatchObject({
        reason: 'no_device',
      });
    } finally {
      stream.close();
    }
  });
});
