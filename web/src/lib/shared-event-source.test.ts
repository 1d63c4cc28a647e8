import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from './api-client';
import { actingForHeader, onCareAccessEnded, setActingFor } from './acting-for';
import { dataOwner } from './data-owner';
import { createSharedEventSource, eventData, reopenMs } from './shared-event-source';

/** Enough of an `EventSource` to drive the shared stream: jsdom has none. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  emit(name: string, data = '') {
    this.dispatchEvent(new MessageEvent(name, { data }));
  }

  /** The browser retries by itself (`CONNECTING`) or gives up (`CLOSED`). */
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
}

function latest(): FakeEventSource {
  const stream = FakeEventSource.opened.at(-1);
  if (!stream) throw new Error('no stream was opened');
  return stream;
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createSharedEventSource', () => {
  it('reads its address at each opening, and opens again at the new one when asked', () => {
    let patient: string | null = null;
    const shared = createSharedEventSource({
      url: () => (patient === null ? '/events' : `/events?for=${patient}`),
      listeners: {},
    });
    // Nobody uses it yet: nothing to open again.
    shared.reopen();
    expect(FakeEventSource.opened).toHaveLength(0);
    const leave = shared.acquire();
    expect(latest().url).toBe('/events');
    patient = 'sita';
    shared.reopen();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
    expect(latest().url).toBe('/events?for=sita');
    leave();
    expect(latest().closed).toBe(true);
  });

  it('opens one stream for its first user and closes it after its last', () => {
    const onDisconnected = vi.fn();
    const shared = createSharedEventSource({ url: '/events', listeners: {}, onDisconnected });
    const leaveFirst = shared.acquire();
    const leaveSecond = shared.acquire();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(latest().url).toBe('/events');

    leaveFirst();
    expect(latest().closed).toBe(false);
    leaveSecond();
    expect(latest().closed).toBe(true);
    expect(onDisconnected).toHaveBeenCalledTimes(1);

    shared.acquire();
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('hands named events to their listeners and reports `ready` as connected', () => {
    const onUpdate = vi.fn();
    const onConnected = vi.fn();
    const shared = createSharedEventSource({
      url: '/events',
      listeners: { update: onUpdate },
      onConnected,
    });
    shared.acquire();
    latest().emit('update', '{"id":1}');
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(eventData(onUpdate.mock.calls[0]?.[0] as MessageEvent<string>)).toEqual({ id: 1 });
    expect(onConnected).not.toHaveBeenCalled();
    latest().emit('ready');
    expect(onConnected).toHaveBeenCalledTimes(1);
  });

  it('leaves retrying to the browser while it is connecting', () => {
    const onDisconnected = vi.fn();
    const shared = createSharedEventSource({ url: '/events', listeners: {}, onDisconnected });
    shared.acquire();
    latest().fail(FakeEventSource.CONNECTING);
    expect(onDisconnected).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(reopenMs.max);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('reopens a stream the browser gave up on after a doubling delay, reset by `ready`', () => {
    const shared = createSharedEventSource({ url: '/events', listeners: {} });
    shared.acquire();

    latest().fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(reopenMs.first - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);

    latest().fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(reopenMs.first);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(reopenMs.first);
    expect(FakeEventSource.opened).toHaveLength(3);

    latest().emit('ready');
    latest().fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(reopenMs.first);
    expect(FakeEventSource.opened).toHaveLength(4);
  });

  it('does not reopen after its last user left', () => {
    const shared = createSharedEventSource({ url: '/events', listeners: {} });
    const leave = shared.acquire();
    latest().fail(FakeEventSource.CLOSED);
    leave();
    vi.advanceTimersByTime(reopenMs.max);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

describe('eventData', () => {
  it('reads the JSON an event carries, and nothing from other text', () => {
    expect(eventData(new MessageEvent('x', { data: '[1,2]' }))).toEqual([1, 2]);
    expect(eventData(new MessageEvent('x', { data: 'not json' }))).toBeUndefined();
  });
});

describe('a stream the browser gives up on', () => {
  it('asks who is signed in, so a session the server ended is heard of at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify({ error: { code: 'unauthorized', message: 'Please sign in.' } }),
            { status: path === '/api/me' ? 401 : 200 },
          ),
        ),
      ),
    );
    const refused: string[] = [];
    const stopHearing = onUnauthorized((path) => refused.push(path));
    const shared = createSharedEventSource({ url: '/events', listeners: {} });
    shared.acquire();
    latest().fail(FakeEventSource.CONNECTING);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toEqual([]);

    latest().fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toEqual(['/api/me']);
    stopHearing();
  });

  it('asks as whom the device acts for, so a care grant that ended is heard of at once', async () => {
    dataOwner.set('hari');
    setActingFor('hari', 'sita');
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              error: {
                code: 'care_access_ended',
                message: 'You no longer have access to this person.',
              },
            }),
            { status: new Headers(init.headers).get(actingForHeader) === 'sita' ? 403 : 200 },
          ),
        ),
      ),
    );
    const ended: string[] = [];
    const stopHearing = onCareAccessEnded((patientId) => ended.push(patientId));
    const shared = createSharedEventSource({ url: '/events?for=sita', listeners: {} });
    shared.acquire();
    latest().fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toEqual(['sita']);
    stopHearing();
    setActingFor('hari', null);
    dataOwner.set(null);
  });
});
