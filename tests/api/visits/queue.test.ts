import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentVisit, Queue } from '../../../shared/visits';
import { person, type Person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { allDay, saveHours } from '../appointments/fixture';
import { act, inProgress, joinWaitingRoom, start } from './fixture';

const minute = 60_000;
/** Kathmandu is 5 h 45 min ahead of UTC all year. */
const kathmanduOffsetMs = (5 * 60 + 45) * minute;

/** The moment today began in Kathmandu. */
function startOfKathmanduDay(now = Date.now()): Date {
  const local = now + kathmanduOffsetMs;
  return new Date(local - (local % (24 * 60 * minute)) - kathmanduOffsetMs);
}

describe.each(databaseVariants)('the queue on the $name database', (variant) => {
  let server: TestServer;
  let doctor: Person;
  let count = 0;
  const patient = (first = 'Asha', last?: string) => {
    count += 1;
    return person(server, 'patient', { first, last: last ?? `Queue ${count}` });
  };
  const queue = async () => (await doctor.client.get<Queue>('/api/visits/queue')).body;

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    doctor = await person(server, 'doctor', { first: 'Ram' });
    // A doctor on duty whatever the hour: the estimates below are of a wait that ends.
    await saveHours(doctor, doctor.id, allDay);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists urgent visits first, then the oldest, with places and estimates', async () => {
    const empty = await queue();
    expect(empty).toEqual({
      entries: [],
      waiting: 0,
      completedToday: 0,
      averageWaitMinutesToday: null,
    });

    const first = await patient('Asha', 'Gurung');
    const routineOld = await joinWaitingRoom(first, { reason: 'Rash', type: 'call' });
    const urgent = await joinWaitingRoom(await patient(), { reason: 'Chest pain' });
    // Staff mark a visit urgent; the patient cannot (safeguards.test.ts).
    await sql`update visits set priority = 'urgent' where id = ${urgent.id}`.execute(
      server.database.db,
    );
    const routineNew = await joinWaitingRoom(await patient());
    // The name falls back to the e-mail's local part when the profile has none.
    const nameless = await patient('');
    await sql`update profiles set first_name = null, last_name = null where id = ${nameless.id}`.execute(
      server.database.db,
    );
    const last = await joinWaitingRoom(nameless);

    const listed = await queue();
    expect(listed.entries.map((entry) => entry.id)).toEqual([
      urgent.id,
      routineOld.id,
      routineNew.id,
      last.id,
    ]);
    expect(listed.waiting).toBe(4);
    expect(listed.entries[1]).toEqual({
      id: routineOld.id,
      patientId: null,
      patientName: 'Asha Gurung',
      agentName: null,
      priority: 'routine',
      reason: 'Rash',
      type: 'call',
      queuedAt: routineOld.queuedAt,
      appointmentTime: null,
      flags: [],
    });
    expect(listed.entries[3]?.patientName).toBe(nameless.email.split('@')[0]);

    // No visit ended in the last week: ten minutes a place.
    const current = (await first.client.get<CurrentVisit>('/api/visits/current')).body.visit;
    expect(current).toMatchObject({ position: 2, estimatedWaitMinutes: 20 });

    // Starting the urgent one moves everybody up.
    await start(doctor, urgent.id);
    const moved = (await first.client.get<CurrentVisit>('/api/visits/current')).body.visit;
    expect(moved).toMatchObject({ position: 1, estimatedWaitMinutes: 10 });
    expect((await queue()).waiting).toBe(3);
    await act(doctor, urgent.id, 'cancel');

    // Clear the line for the figures below.
    for (const visit of [routineOld, routineNew, last]) {
      await start(doctor, visit.id);
      await act(doctor, visit.id, 'cancel');
    }
  });

  it("counts today's figures in Kathmandu and estimates from last week's consultations", async () => {
    await sql`delete from visits`.execute(server.database.db);

    // Times set from midnight in Kathmandu, whatever the hour the test runs at.
    const midnight = startOfKathmanduDay().getTime();
    const at = (minutes: number) => new Date(midnight + minutes * minute).toISOString();
    const place = async (id: string, queued: number, started: number, ended: number) => {
      await sql`update visits set queued_at = ${at(queued)}, started_at = ${at(started)},
          in_progress_at = ${at(started)}, ended_at = ${at(ended)}
        where id = ${id}`.execute(server.database.db);
    };

    // Two consultations today: 30 and 10 minutes long, after waits of 20 and 11 minutes.
    const a = await inProgress(await patient(), doctor);
    await act(doctor, a.id, 'end');
    await place(a.id, 1, 21, 51);
    const b = await inProgress(await patient(), doctor);
    await act(doctor, b.id, 'end');
    await place(b.id, 2, 13, 23);
    // One of 60 minutes that ended just before midnight counts for yesterday.
    const c = await inProgress(await patient(), doctor);
    await act(doctor, c.id, 'end');
    await place(c.id, -120, -61, -1);

    const figures = await queue();
    expect(figures.completedToday).toBe(2);
    // (20 + 11) / 2 = 15.5, rounded.
    expect(figures.averageWaitMinutesToday).toBe(16);

    // Consultations of the last seven days took (30 + 10 + 60) / 3 minutes on average.
    const waiting = await patient();
    const visit = await joinWaitingRoom(waiting);
    expect(visit).toMatchObject({ position: 1, estimatedWaitMinutes: 33 });
  });
});
