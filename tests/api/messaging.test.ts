import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../shared/messaging';
import type { Role } from '../../shared/role';
import type { ApiErrorBody } from './auth/client';
import { Client } from './auth/client';
import { person, type Person } from './messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from './support/test-server';

type Kind = 'careA' | 'careB' | 'staff';

const conversationsUrl = '/api/messaging/conversations';
const messagesUrl = (id: string) => `${conversationsUrl}/${id}/messages`;

function send(client: Client, conversationId: string, content: string, id = crypto.randomUUID()) {
  return client.post<Message & ApiErrorBody>(messagesUrl(conversationId), { id, content });
}

describe.each(databaseVariants)('messaging on the $name database', (variant) => {
  let server: TestServer;
  let people: Record<'patientA' | 'patientB' | Exclude<Role, 'patient'>, Person>;
  const ids = {} as Record<Kind, string>;

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
    people = {
      patientA: await person(server, 'patient', { first: 'Asha', last: 'Rai' }),
      patientB: await person(server, 'patient', { first: 'Bimal', last: 'Karki' }),
      doctor: await person(server, 'doctor', { first: 'Ram', last: 'Thapa' }),
      manager: await person(server, 'manager', { first: 'Gita' }),
      admin: await person(server, 'admin', { first: 'Hari' }),
      superadmin: await person(server, 'superadmin', { first: 'Maya' }),
      researcher: await person(server, 'researcher', { first: 'Bikash' }),
    };
    for (const [kind, who] of [
      ['careA', people.patientA],
      ['careB', people.patientB],
    ] as const) {
      const created = await who.client.post<{ conversation: Conversation }>(
        '/api/messaging/care-team',
      );
      expect(created.status).toBe(201);
      ids[kind] = created.body.conversation.id;
      expect((await send(who.client, ids[kind], `hello from ${kind}`)).status).toBe(201);
    }
    // A conversation that is not a care team's: only its two participants may use it.
    ids.staff = crypto.randomUUID();
    await server.database.db
      .insertInto('conversations')
      .values({
        id: ids.staff,
        title: null,
        participant_ids: [people.manager.id, people.admin.id],
      })
      .execute();
  });
  afterAll(() => server.close());

  /** What each caller may do with each conversation: read and send go together. */
  const access: Record<keyof typeof people, Kind[]> = {
    patientA: ['careA'],
    patientB: ['careB'],
    doctor: ['careA', 'careB'],
    manager: ['staff'],
    admin: ['staff'],
    superadmin: [],
    researcher: [],
  };
  const kinds: Kind[] = ['careA', 'careB', 'staff'];

  describe.each(Object.keys(access) as (keyof typeof people)[])('as %s', (who) => {
    const allowed = access[who];

    it('lists exactly the conversations it may read', async () => {
      const list = await people[who].client.get<Conversation[]>(conversationsUrl);
      expect(list.status).toBe(200);
      expect(list.body.map((c) => c.id).sort()).toEqual(allowed.map((k) => ids[k]).sort());
    });

    it.each(kinds)('reads conversation %s only when allowed, else a plain 404', async (kind) => {
      const { client } = people[who];
      const one = await client.get<Conversation & ApiErrorBody>(`${conversationsUrl}/${ids[kind]}`);
      const messages = await client.get<Message[] & ApiErrorBody>(messagesUrl(ids[kind]));
      if (allowed.includes(kind)) {
        expect(one.status).toBe(200);
        expect(one.body.id).toBe(ids[kind]);
        expect(messages.status).toBe(200);
        if (kind !== 'staff') expect(messages.body[0]?.content).toBe(`hello from ${kind}`);
      } else {
        for (const answer of [one, messages]) {
          expect(answer.status).toBe(404);
          expect(answer.body).toEqual({
            error: { code: 'not_found', message: 'No such conversation.' },
          });
        }
      }
    });

    it.each(kinds)('sends to conversation %s only when allowed', async (kind) => {
      const answer = await send(people[who].client, ids[kind], `  from ${who} to ${kind}  `);
      if (allowed.includes(kind)) {
        expect(answer.status).toBe(201);
        expect(answer.body).toMatchObject({
          conversationId: ids[kind],
          senderId: people[who].id,
          content: `from ${who} to ${kind}`,
        });
      } else {
        expect(answer.status).toBe(404);
        expect(answer.body.error).toEqual({ code: 'not_found', message: 'No such conversation.' });
        const stored = await server.database.db
          .selectFrom('messages')
          .select('id')
          .where('sender_id', '=', people[who].id)
          .where('conversation_id', '=', ids[kind])
          .execute();
        expect(stored).toEqual([]);
      }
    });

    it('creates a care-team conversation only for a patient, and only their own', async () => {
      const { client } = people[who];
      const mine = await client.get<{ conversation: Conversation | null }>(
        '/api/messaging/care-team',
      );
      const create = await client.post<{ conversation: Conversation } & ApiErrorBody>(
        '/api/messaging/care-team',
      );
      expect(mine.status).toBe(200);
      if (who === 'patientA' || who === 'patientB') {
        const own = ids[who === 'patientA' ? 'careA' : 'careB'];
        expect(mine.body.conversation?.id).toBe(own);
        // Already there: the same conversation, not a second one.
        expect(create.status).toBe(200);
        expect(create.body.conversation).toMatchObject({
          id: own,
          title: 'Care Team',
          participantIds: [people[who].id],
          isCareTeam: true,
        });
      } else {
        expect(mine.body.conversation).toBeNull();
        expect(create.status).toBe(403);
        expect(create.body.error.code).toBe('forbidden');
      }
    });
  });

  it('refuses every call without a session', async () => {
    const anonymous = new Client(server.url);
    const answers = [
      await anonymous.get(conversationsUrl),
      await anonymous.get('/api/messaging/care-team'),
      await anonymous.post('/api/messaging/care-team'),
      await anonymous.get(`${conversationsUrl}/${ids.careA}`),
      await anonymous.get(messagesUrl(ids.careA)),
      await send(anonymous, ids.careA, 'hi'),
      await anonymous.get('/api/messaging/events'),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('answers an unknown or malformed conversation id like a forbidden one', async () => {
    const { client } = people.doctor;
    for (const id of [crypto.randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
      const answer = await client.get(`${conversationsUrl}/${encodeURIComponent(id)}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: { code: 'not_found', message: 'No such conversation.' },
      });
      expect((await send(client, encodeURIComponent(id), 'hi')).status).toBe(404);
    }
  });

  it("shows a doctor the patient's name and last message; the patient sees neither name", async () => {
    const doctorList = await people.doctor.client.get<Conversation[]>(conversationsUrl);
    const rowA = doctorList.body.find((c) => c.id === ids.careA);
    expect(rowA?.patientName).toBe('Asha Rai');
    expect(rowA?.patientId).toBe(people.patientA.id);
    const messages = await people.doctor.client.get<Message[]>(messagesUrl(ids.careA));
    expect(rowA?.lastMessage).toEqual(messages.body.at(-1));

    const patientList = await people.patientA.client.get<Conversation[]>(conversationsUrl);
    expect(patientList.body[0]?.patientName).toBeNull();
    expect(patientList.body[0]?.patientId).toBeNull();
  });

  it('finds conversations by title and by the text of any message', async () => {
    const { client } = people.doctor;
    const search = async (q: string) =>
      (await client.get<Conversation[]>(`${conversationsUrl}?q=${encodeURIComponent(q)}`)).body
        .map((c) => c.id)
        .sort();
    expect(await search('hello from careB')).toEqual([ids.careB]);
    expect(await search('HELLO FROM CARE')).toEqual([ids.careA, ids.careB].sort());
    expect(await search('care team')).toEqual([ids.careA, ids.careB].sort());
    expect(await search('100%')).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
  });

  it('keeps messages oldest first and hands out only the newer ones after a cursor', async () => {
    const { client } = people.patientA;
    const sent: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const answer = await send(client, ids.careA, text);
      sent.push(answer.body.id);
    }
    const all = await client.get<Message[]>(messagesUrl(ids.careA));
    expect(all.body.slice(-3).map((m) => m.content)).toEqual(['one', 'two', 'three']);
    const times = all.body.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const after = await client.get<Message[]>(`${messagesUrl(ids.careA)}?after=${sent[0]!}`);
    expect(after.body.map((m) => m.content)).toEqual(['two', 'three']);
    const none = await client.get<Message[]>(`${messagesUrl(ids.careA)}?after=${sent[2]!}`);
    expect(none.body).toEqual([]);
    const bad = await client.get<ApiErrorBody>(`${messagesUrl(ids.careA)}?after=nope`);
    expect(bad.status).toBe(400);
  });

  it('stores a retried send once, and refuses the same id for different content', async () => {
    const { client } = people.patientB;
    const id = crypto.randomUUID();
    const first = await send(client, ids.careB, 'Are my results ready?', id);
    const again = await send(client, ids.careB, 'Are my results ready?', id);
    const together = await Promise.all(
      [1, 2, 3].map(() => send(client, ids.careB, 'Are my results ready?', id)),
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    for (const answer of together) expect(answer.body).toEqual(first.body);
    const stored = await server.database.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);

    const other = await send(client, ids.careB, 'Something else', id);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('conflict');
    // Someone else re-using the id cannot overwrite it either.
    const doctor = await send(people.doctor.client, ids.careB, 'Are my results ready?', id);
    expect(doctor.status).toBe(409);
  });

  it('creates one care-team conversation when a patient asks many times at once', async () => {
    const patient = await person(server, 'patient', { first: 'Chandra' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        patient.client.post<{ conversation: Conversation }>('/api/messaging/care-team'),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.conversation.id)).size).toBe(1);
    const rows = await server.database.db
      .selectFrom('conversations')
      .select('id')
      .where('care_team_patient_id', '=', patient.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('trims the content and refuses empty and overlong messages with a clear message', async () => {
    const { client } = people.patientA;
    const empty = await send(client, ids.careA, '   \n\t ');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({
      code: 'validation_failed',
      message: 'Please type a message',
    });
    const tooLong = await send(client, ids.careA, 'क'.repeat(4_001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toEqual({
      code: 'validation_failed',
      message: 'A message can have at most 4,000 characters',
    });
    const longest = await send(client, ids.careA, ` ${'क'.repeat(4_000)} `);
    expect(longest.status).toBe(201);
    expect(longest.body.content).toBe('क'.repeat(4_000));

    for (const body of [{}, { id: 'x', content: 'hi' }, { id: crypto.randomUUID() }, 'text']) {
      const answer = await client.post<ApiErrorBody>(messagesUrl(ids.careA), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
    // The sender is always the session's user, whatever the body says.
    const spoofed = await client.post<Message>(messagesUrl(ids.careA), {
      id: crypto.randomUUID(),
      content: 'me',
      senderId: people.doctor.id,
      sender_id: people.doctor.id,
    });
    expect(spoofed.body.senderId).toBe(people.patientA.id);
  });

  it("names each message's sender from their profile, or their role without a name, never from the body", async () => {
    const patient = await person(server, 'patient', { first: 'Sita', last: 'Sharma' });
    const nameless = await person(server, 'doctor', { first: 'Nameless' });
    await server.database.db
      .updateTable('profiles')
      .set({ first_name: null, last_name: null })
      .where('id', '=', nameless.id)
      .execute();
    const created = await patient.client.post<{ conversation: Conversation }>(
      '/api/messaging/care-team',
    );
    const conversationId = created.body.conversation.id;
    const first = await send(patient.client, conversationId, 'My fever came back.');
    expect(first.body).toMatchObject({ senderName: 'Sita Sharma', senderRole: 'patient' });

    const answer = await people.doctor.client.post<Message>(messagesUrl(conversationId), {
      id: crypto.randomUUID(),
      content: 'Please come in today.',
      senderName: 'Chief of Medicine',
      senderRole: 'superadmin',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ senderName: 'Ram Thapa', senderRole: 'doctor' });
    const second = await send(nameless.client, conversationId, 'And bring your reports.');
    expect(second.body).toMatchObject({ senderName: null, senderRole: 'doctor' });

    const senders = (list: Message[]) =>
      list.map(({ senderName, senderRole }) => ({ senderName, senderRole }));
    const expected = [
      { senderName: 'Sita Sharma', senderRole: 'patient' },
      { senderName: 'Ram Thapa', senderRole: 'doctor' },
      { senderName: null, senderRole: 'doctor' },
    ];
    const listed = await patient.client.get<Message[]>(messagesUrl(conversationId));
    expect(senders(listed.body)).toEqual(expected);
    const after = await patient.client.get<Message[]>(
      `${messagesUrl(conversationId)}?after=${first.body.id}`,
    );
    expect(senders(after.body)).toEqual(expected.slice(1));
    const conversation = await patient.client.get<Conversation>(
      `${conversationsUrl}/${conversationId}`,
    );
    expect(conversation.body.lastMessage).toEqual(listed.body.at(-1));
  });
});
