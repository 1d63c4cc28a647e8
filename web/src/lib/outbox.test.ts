import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { onlineStatus } from './online-status';
import { isRefusal, onNotPermitted, outbox, retryDelayMs } from './outbox';
import { outboxStorage } from './outbox-db';

interface Note {
  text: string;
}

const offline = () => new ApiRequestError(0, 'network', 'Failed to fetch');
const tooLong = () => new ApiRequestError(400, 'validation_failed', 'Too long');

/** A sender whose answers the test decides, recording what reached "the server". */
function fakeServer() {
  const received: string[] = [];
  let answer: (note: Note) => Error | null = () => null;
  const unregister = outbox.register<Note>('note', {
    send: (note) => {
      const error = answer(note);
      if (error) return Promise.reject(error);
      received.push(note.text);
      return Promise.resolve(note);
    },
  });
  return {
    received,
    answerWith: (next: (note: Note) => Error | null) => (answer = next),
    unregister,
  };
}

let owners = 0;
function signIn(): string {
  owners += 1;
  const owner = `owner-${owners}`;
  outbox.start(owner);
  return owner;
}

function comeBackOnline() {
  onlineStatus.set(false);
  onlineStatus.set(true);
}

let currentOwner = '';
const pendingCount = async () => (await outboxStorage.listFor(currentOwner)).length;

const add = (key: string, text: string, id = crypto.randomUUID()) =>
  outbox.add<Note>({ kind: 'note', key, id, payload: { text } });

let server: ReturnType<typeof fakeServer> | undefined;
afterEach(async () => {
  server?.unregister();
  await outbox.eraseAllBut(null);
});

describe('the outbox', () => {
  it('delivers at once when it can, and the entry leaves the device', async () => {
    currentOwner = signIn();
    server = fakeServer();
    await add('a', 'hello');
    await vi.waitFor(() => expect(server?.received).toEqual(['hello']));
    await vi.waitFor(async () => expect(await pendingCount()).toBe(0));
  });

  it('keeps what could not be sent, in order per key, and sends each once when the connection returns', async () => {
    currentOwner = signIn();
    server = fakeServer();
    server.answerWith(() => offline());
    await add('a', 'one');
    await add('a', 'two');
    await add('b', 'other');
    await vi.waitFor(async () =>
      expect((await outboxStorage.listFor(currentOwner)).map((e) => e.attempts)).toEqual([1, 0, 1]),
    );
    expect(server.received).toEqual([]);

    server.answerWith(() => null);
    comeBackOnline();
    await vi.waitFor(async () => expect(await pendingCount()).toBe(0));
    expect(server.received.filter((text) => text !== 'other')).toEqual(['one', 'two']);
    expect([...server.received].sort()).toEqual(['one', 'other', 'two']);
  });

  it('marks a refused entry failed with the reason, lets the next go, and retries or deletes it on request', async () => {
    currentOwner = signIn();
    server = fakeServer();
    server.answerWith((note) => (note.text === 'way too long' ? tooLong() : null));
    const refused = await add('a', 'way too long');
    await add('a', 'short');
    await vi.waitFor(() => expect(server?.received).toEqual(['short']));
    const [kept] = await outboxStorage.listFor(currentOwner);
    expect(kept).toMatchObject({
      id: refused.id,
      state: 'failed',
      reason: { status: 400, code: 'validation_failed' },
    });

    // Nothing sends it again by itself.
    comeBackOnline();
    expect(server.received).toEqual(['short']);

    server.answerWith(() => null);
    await outbox.retry(refused.id);
    await vi.waitFor(() => expect(server?.received).toEqual(['short', 'way too long']));

    server.answerWith(() => tooLong());
    const other = await add('a', 'again');
    await vi.waitFor(async () => expect((await outboxStorage.get(other.id))?.state).toBe('failed'));
    await outbox.remove(other.id);
    expect(await pendingCount()).toBe(0);
  });

  it('keeps nothing written for someone cared for that the server refuses for lack of permission, and says so', async () => {
    currentOwner = signIn();
    server = fakeServer();
    server.answerWith(() => new ApiRequestError(404, 'not_found', 'No such record.'));
    const heard: (string | null | undefined)[] = [];
    const stop = onNotPermitted((entry) => heard.push(entry.actingFor));
    const now = Date.now();
    // "Taken" pressed for Sita by a caregiver her grant lets read, not write.
    await outboxStorage.put({
      kind: 'note',
      key: 'a',
      id: crypto.randomUUID(),
      payload: { text: 'taken for her' },
      ownerId: currentOwner,
      actingFor: 'sita',
      state: 'pending',
      reason: null,
      attempts: 0,
      createdAt: now,
      nextAttemptAt: now,
    });
    comeBackOnline();
    await vi.waitFor(() => expect(heard).toEqual(['sita']));
    // Not "Not sent", waiting for a retry that cannot work: gone from the device.
    expect(await pendingCount()).toBe(0);
    stop();

    // One's own entry refused the same way stays, for the person to see and decide.
    const own = await add('b', 'mine');
    await vi.waitFor(async () => expect((await outboxStorage.get(own.id))?.state).toBe('failed'));
  });

  it('waits for its sender, and never sends another account’s entries', async () => {
    const first = signIn();
    currentOwner = first;
    await add('a', 'from the first');
    const second = signIn();
    currentOwner = second;
    server = fakeServer();
    await add('a', 'from the second');
    await vi.waitFor(() => expect(server?.received).toEqual(['from the second']));
    expect(await outboxStorage.listFor(first)).toHaveLength(1);

    await outbox.eraseAllBut(second);
    expect(await outboxStorage.listFor(first)).toEqual([]);
  });
});

describe('retries', () => {
  it('wait twice as long after each failure, up to five minutes', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(retryDelayMs(9)).toBe(5 * 60_000);
  });

  it('stop only at a refusal for good', () => {
    expect(isRefusal(tooLong())).toBe(true);
    expect(isRefusal(new ApiRequestError(404, 'not_found', 'gone'))).toBe(true);
    expect(isRefusal(offline())).toBe(false);
    expect(isRefusal(new ApiRequestError(503, 'service_unavailable', 'later'))).toBe(false);
    expect(isRefusal(new ApiRequestError(429, 'rate_limited', 'slow down'))).toBe(false);
    expect(isRefusal(new ApiRequestError(401, 'unauthorized', 'signed out'))).toBe(false);
  });
});
