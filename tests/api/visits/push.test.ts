import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  JoinAnswer,
  QueueChangeEvent,
  SignalEvent,
  VisitChangeEvent,
} from '../../../shared/visits';
import { turnCredentialTtlSeconds } from '../../../shared/visits';
import { openStream, person, type Person, type Stream } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';
import { act, expectError, joinWaitingRoom, start } from './fixture';

const eventsUrl = '/api/visits/events';
const turnSecret = 'visits-turn-secret-for-tests';

type Event = { event: string; data: string };
const queueEvent = (id: string, change: string) => (event: Event) =>
  event.event === 'queue' &&
  (JSON.parse(event.data) as QueueChangeEvent).id === id &&
  (JSON.parse(event.data) as QueueChangeEvent).change === change;
const visitEvent = (id: string, status: string) => (event: Event) =>
  event.event === 'visit' &&
  (JSON.parse(event.data) as VisitChangeEvent).id === id &&
  (JSON.parse(event.data) as VisitChangeEvent).status === status;
const signalEvent = (id: string) => (event: Event) =>
  event.event === 'signal' && (JSON.parse(event.data) as SignalEvent).id === id;

describe.each(databaseVariants)('visit push and signals on the $name database', (variant) => {
  let server: TestServer;
  let patient: Person;
  let doctor: Person;
  let otherPatient: Person;
  let otherDoctor: Person;
  const streams: Stream[] = [];
  const subscribe = async (who: Person) => {
    const stream = await openStream(`${server.url}${eventsUrl}`, who.client.cookieHeader());
    streams.push(stream);
    await stream.next((event) => event.event === 'ready');
    return stream;
  };

  beforeAll(async () => {
    server = await startTestServer({
      variant,
      env: {
        DEMO_USERS: 'false',
        TURN_URLS: 'turn:turn.example.com:3478,turns:turn.example.com:5349',
        TURN_SECRET: turnSecret,
      },
    });
    patient = await person(server, 'patient', { first: 'Asha' });
    doctor = await person(server, 'doctor', { first: 'Ram' });
    otherPatient = await person(server, 'patient', { first: 'Bimal' });
    otherDoctor = await person(server, 'doctor', { first: 'Sita' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.close();
  });

  it('pushes queue changes to doctors, visit changes to its two people, signals to the other', async () => {
    const toPatient = await subscribe(patient);
    const toDoctor = await subscribe(doctor);
    const toOtherPatient = await subscribe(otherPatient);
    const toOtherDoctor = await subscribe(otherDoctor);
    expect(toPatient.contentType).toBe('text/event-stream; charset=utf-8');

    const visit = await joinWaitingRoom(patient);
    await toDoctor.next(queueEvent(visit.id, 'added'));
    await toOtherDoctor.next(queueEvent(visit.id, 'added'));

    await start(doctor, visit.id);
    await toDoctor.next(queueEvent(visit.id, 'removed'));
    await toOtherDoctor.next(queueEvent(visit.id, 'removed'));
    await toPatient.next(visitEvent(visit.id, 'waiting'));
    await toDoctor.next(visitEvent(visit.id, 'waiting'));

    const joined = await patient.client.post<JoinAnswer>(`/api/visits/${visit.id}/join`);
    await toDoctor.next(visitEvent(visit.id, 'in_progress'));
    await toPatient.next(visitEvent(visit.id, 'in_progress'));
    const cursor = joined.body.signalCursor;
    expect(cursor).toBe('0');

    const session = randomUUID();
    const hello = { kind: 'hello', session };
    const sent = await patient.client.post<{ id: string }>(
      `/api/visits/${visit.id}/signals`,
      hello,
    );
    expect(sent.status).toBe(202);
    const pushed = await toDoctor.next(signalEvent(sent.body.id));
    expect(JSON.parse(pushed.data)).toEqual({
      id: sent.body.id,
      visitId: visit.id,
      fromUserId: patient.id,
      signal: hello,
    });

    const answer = {
      kind: 'description',
      session: randomUUID(),
      to: session,
      description: { type: 'answer', sdp: 'v=0\r\n' },
    };
    const reply = await doctor.client.post<{ id: string }>(
      `/api/visits/${visit.id}/signals`,
      answer,
    );
    expect(reply.status).toBe(202);
    await toPatient.next(signalEvent(reply.body.id));

    await act(doctor, visit.id, 'end');
    await toPatient.next(visitEvent(visit.id, 'finished'));
    await toDoctor.next(visitEvent(visit.id, 'finished'));

    // Each stream is in order: by now anything meant for another would have come.
    expect(toPatient.events.some(signalEvent(sent.body.id))).toBe(false);
    expect(toDoctor.events.some(signalEvent(reply.body.id))).toBe(false);
    expect(toPatient.events.filter((event) => event.event === 'queue')).toEqual([]);
    expect(toOtherPatient.events.map((event) => event.event)).toEqual(['ready']);
    expect(
      toOtherDoctor.events.filter((event) => event.event !== 'ready' && event.event !== 'queue'),
    ).toEqual([]);
  });

  it('lets each participant catch up on the signals meant for them after a cursor', async () => {
    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);
    const send = async (who: Person, signal: Record<string, unknown>) => {
      const answer = await who.client.post<{ id: string }>(
        `/api/visits/${visit.id}/signals`,
        signal,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      return answer.body.id;
    };
    const s1 = await send(patient, { kind: 'hello', session: randomUUID() });
    const d1 = await send(doctor, { kind: 'hello', session: randomUUID() });
    const joined = await patient.client.post<JoinAnswer>(`/api/visits/${visit.id}/join`);
    expect(joined.body.signalCursor).toBe(d1);
    const s2 = await send(patient, {
      kind: 'quality',
      session: randomUUID(),
      level: 'audio',
      cause: 'network',
    });
    const d2 = await send(doctor, { kind: 'bye', session: randomUUID() });

    const forDoctor = await doctor.client.get<SignalEvent[]>(`/api/visits/${visit.id}/signals`);
    expect(forDoctor.body.map((signal) => signal.id)).toEqual([s1, s2]);
    expect(forDoctor.body[1]?.signal).toEqual({
      kind: 'quality',
      session: expect.any(String) as string,
      level: 'audio',
      cause: 'network',
    });
    const after = await doctor.client.get<SignalEvent[]>(
      `/api/visits/${visit.id}/signals?after=${s1}`,
    );
    expect(after.body.map((signal) => signal.id)).toEqual([s2]);
    const forPatient = await patient.client.get<SignalEvent[]>(
      `/api/visits/${visit.id}/signals?after=${joined.body.signalCursor}`,
    );
    expect(forPatient.body.map((signal) => signal.id)).toEqual([d2]);
    expect(forPatient.body[0]?.fromUserId).toBe(doctor.id);

    expectError(
      await patient.client.get(`/api/visits/${visit.id}/signals?after=abc`),
      400,
      'validation_failed',
    );
    expectError(
      await patient.client.post(`/api/visits/${visit.id}/signals`, { kind: 'shout' }),
      400,
      'validation_failed',
    );
    const huge = {
      kind: 'description',
      session: randomUUID(),
      to: randomUUID(),
      description: { type: 'offer', sdp: 'a'.repeat(70_000) },
    };
    expect((await patient.client.post(`/api/visits/${visit.id}/signals`, huge)).status).toBe(413);
    await act(doctor, visit.id, 'end');
  });

  it("hands out the TURN server's time-limited credentials for the visit", async () => {
    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);
    const joined = await doctor.client.post<JoinAnswer>(`/api/visits/${visit.id}/join`);
    expect(joined.status).toBe(200);
    const [ice] = joined.body.iceServers;
    expect(joined.body.iceServers).toHaveLength(1);
    expect(ice?.urls).toEqual(['turn:turn.example.com:3478', 'turns:turn.example.com:5349']);
    const [expiry, visitId] = (ice?.username ?? '').split(':');
    expect(visitId).toBe(visit.id);
    const inSeconds = Number(expiry) - Date.now() / 1000;
    // Short-lived: the call's heartbeat brings a fresh one long before it runs out.
    expect(inSeconds).toBeGreaterThan(turnCredentialTtlSeconds - 60);
    expect(inSeconds).toBeLessThanOrEqual(turnCredentialTtlSeconds + 1);
    expect(turnCredentialTtlSeconds).toBeLessThanOrEqual(15 * 60);
    expect(ice?.credential).toBe(
      createHmac('sha1', turnSecret)
        .update(ice?.username ?? '')
        .digest('base64'),
    );
    await act(doctor, visit.id, 'cancel');
  });

  it("announces what the clock decides: a no-show reaches the visit's two people", async () => {
    const toPatient = await subscribe(patient);
    const toDoctor = await subscribe(doctor);
    const visit = await joinWaitingRoom(patient);
    await start(doctor, visit.id);
    await sql`update visits set started_at = now() - interval '11 minutes'
      where id = ${visit.id}`.execute(server.database.db);
    // The clock's scheduled task moves it; nobody had to read anything.
    await server.tasks.visitClock();
    await toPatient.next(visitEvent(visit.id, 'no_show'));
    await toDoctor.next(visitEvent(visit.id, 'no_show'));
  });

  it('keeps the stream for patients and doctors', async () => {
    const manager = await person(server, 'manager', { first: 'Gita' });
    const answer = await manager.client.get(eventsUrl);
    expectError(answer, 403, 'forbidden');
    expect((await fetch(`${server.url}${eventsUrl}`)).status).toBe(401);
  });
});
