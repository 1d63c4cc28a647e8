import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../shared/messaging';
import { Client } from './auth/client';
import { openStream, password, person, type Person, type Stream } from './messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

const eventsUrl = '/api/messaging/events';

async function careTeam(who: Person): Promise<string> {
  const answer = await who.client.post<{ conversation: Conversation }>('/api/messaging/care-team');
  return answer.body.conversation.id;
}

async function send(who: Person, conversationId: string, content: string): Promise<Message> {
  const answer = await who.client.post<Message>(
    `/api/messaging/conversations/${conversationId}/messages`,
    { id: crypto.randomUUID(), content },
  );
  expect(answer.status).toBe(201);
  return answer.body;
}

const carrying = (message: Message) => (event: { event: string; data: string }) =>
  event.event === 'message' && (JSON.parse(event.data) as Message).id === message.id;

describe.each(databaseVariants)('message push on the $name database', (variant) => {
  let server: TestServer;
  let patientA: Person;
  let patientB: Person;
  let doctor: Person;
  let manager: Person;
  const streams: Stream[] = [];
  const subscribe = async (who: Person) => {
    const stream = await openStream(`${server.url}${eventsUrl}`, who.client.cookieHeader());
    streams.push(stream);
    await stream.next((event) => event.event === 'ready');
    return stream;
  };

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    patientA = await person(server, 'patient', { first: 'Asha' });
    patientB = await person(server, 'patient', { first: 'Bimal' });
    doctor = await person(server, 'doctor', { first: 'Ram' });
    manager = await person(server, 'manager', { first: 'Gita' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.close();
  });

  it('pushes a message to everyone who may read it, and to nobody else', async () => {
    const streamA = await subscribe(patientA);
    const streamB = await subscribe(patientB);
    const streamDoctor = await subscribe(doctor);
    const streamManager = await subscribe(manager);
    expect(streamA.status).toBe(200);
    expect(streamA.contentType).toBe('text/event-stream; charset=utf-8');

    const careA = await careTeam(patientA);
    const careB = await careTeam(patientB);
    const fromA = await send(patientA, careA, 'My fever is back');
    const pushed = await streamDoctor.next(carrying(fromA));
    expect(JSON.parse(pushed.data)).toEqual(fromA);
    await streamA.next(carrying(fromA));

    const answer = await send(doctor, careA, 'Please come in today');
    await streamA.next(carrying(answer));

    // Events reach each stream in order: once B has its own message, A's would have come.
    const fromB = await send(patientB, careB, 'Thank you');
    await streamB.next(carrying(fromB));
    await streamDoctor.next(carrying(fromB));
    expect(
      streamB.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as Message),
    ).toEqual([fromB]);
    expect(streamA.events.some(carrying(fromB))).toBe(false);
    expect(streamManager.events.filter((e) => e.event === 'message')).toEqual([]);
  });

  it('pushes the longest message in Devanagari too, which is too long to announce whole', async () => {
    const streamDoctor = await subscribe(doctor);
    const careB = await careTeam(patientB);
    const longest = 'न'.repeat(4_000);
    expect(Buffer.byteLength(longest)).toBeGreaterThan(8_000);
    const sent = await send(patientB, careB, longest);
    const pushed = await streamDoctor.next(carrying(sent));
    expect(JSON.parse(pushed.data)).toEqual(sent);
    expect((JSON.parse(pushed.data) as Message).content).toBe(longest);
  });

  it.runIf(variant.name === 'postgres')(
    'tells subscribers to catch up after the listening connection was lost, then pushes again',
    async () => {
      const stream = await subscribe(patientA);
      const careA = await careTeam(patientA);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        server.database.db,
      );
      // The server's one listening connection; its last statement listened to one of its channels.
      const killed = await sql<{ done: boolean }>`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where starts_with(query, ${`LISTEN "${rows[0]!.schema}__`})`.execute(server.database.db);
      expect(killed.rows.length).toBeGreaterThan(0);

      const resync = await stream.next((event) => event.event === 'resync', 10_000);
      expect(resync.data).toBe('{}');
      const later = await send(patientA, careA, 'Still there?');
      await stream.next(carrying(later));
    },
  );

  it("ends a stream at once when its session is revoked from another device, not at the stream's next check", async () => {
    const tablet = await person(server, 'patient', { first: 'Maya' });
    const phone: Person = { ...tablet, client: new Client(server.url) };
    const signIn = await phone.client.post('/api/auth/sign-in/email', {
      email: tablet.email,
      password,
    });
    expect(signIn.status).toBe(200);
    const onTablet = await subscribe(tablet);
    const onPhone = await subscribe(phone);

    const revoked = await phone.client.post('/api/auth/revoke-other-sessions', {});
    expect(revoked.status).toBe(200);
    // The streams check their session again every minute by themselves; well before that.
    expect(await onTablet.endsWithin(10_000)).toBe(true);
    const again = await openStream(`${server.url}${eventsUrl}`, tablet.client.cookieHeader());
    expect(again.status).toBe(401);
    again.close();

    // The phone's session goes on, and so does its stream.
    const message = await send(phone, await careTeam(phone), 'From my phone');
    await onPhone.next(carrying(message));
  });

  it('ends open streams when the server shuts down', async () => {
    const other = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    const someone = await person(other, 'patient', { first: 'Dipa' });
    const stream = await openStream(`${other.url}${eventsUrl}`, someone.client.cookieHeader());
    await stream.next((event) => event.event === 'ready');
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    stream.close();
  });
});
