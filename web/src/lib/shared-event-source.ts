import { actingForHeader, currentActingFor } from './acting-for';
import { apiFetch } from './api-client';

/** When the browser gives up on a stream (it does on an error answer), try again after this, doubling. */
export const reopenMs = { first: 2_000, max: 60_000 };

export interface SharedEventSourceOptions {
  /** Where the stream is, read each time it opens (it may name whom the account acts for). */
  url: string | (() => string);
  /** What hears each named event of the stream. */
  listeners: Record<string, (event: MessageEvent<string>) => void>;
  /** The server sent `ready`: the stream is (again) connected. */
  onConnected?: () => void;
  /** The stream had an error (the browser may be retrying) or its last user left. */
  onDisconnected?: () => void;
}

export interface SharedEventSource {
  /** Opens the stream for its first user (or joins it); the returned function leaves it. */
  acquire: () => () => void;
  /** Opens the stream again, at its URL as it is now, when anyone uses it. */
  reopen: () => void;
}

/**
 * One `EventSource` per tab for every screen that wants it: opened for the first user,
 * closed after the last, and reopened with a doubling delay when the browser gives up.
 */
export function createSharedEventSource(options: SharedEventSourceOptions): SharedEventSource {
  let users = 0;
  let source: EventSource | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenDelay = reopenMs.first;

  function open() {
    if (typeof EventSource === 'undefined') return;
    const stream = new EventSource(typeof options.url === 'function' ? options.url() : options.url);
    source = stream;
    stream.addEventListener('ready', () => {
      reopenDelay = reopenMs.first;
      options.onConnected?.();
    });
    for (const [name, listener] of Object.entries(options.listeners)) {
      stream.addEventListener(name, listener);
    }
    stream.addEventListener('error', () => {
      options.onDisconnected?.();
      // CONNECTING means the browser retries by itself; CLOSED means it gave up.
      if (stream.readyState === EventSource.CLOSED && source === stream) {
        source = undefined;
        // It gives up on an answer that is not a stream, which it does not show us: most often
        // a 401 once the server's recheck has ended the stream of a session that is over, or a
        // 403 `care_access_ended` for a patient whose grant ended. Asking who is signed in, as
        // whom the device acts for, lets the device hear either within seconds
        // (`onUnauthorized`, `onCareAccessEnded`).
        const actingFor = currentActingFor();
        void apiFetch(
          '/api/me',
          actingFor === null ? {} : { headers: { [actingForHeader]: actingFor } },
        ).catch(() => undefined);
        reopenTimer = setTimeout(open, reopenDelay);
        reopenDelay = Math.min(reopenDelay * 2, reopenMs.max);
      }
    });
  }

  function close() {
    clearTimeout(reopenTimer);
    reopenTimer = undefined;
    source?.close();
    source = undefined;
    reopenDelay = reopenMs.first;
    options.onDisconnected?.();
  }

  return {
    acquire: () => {
      users += 1;
      if (users === 1) open();
      return () => {
        users -= 1;
        if (users === 0) close();
      };
    },
    reopen: () => {
      if (users === 0) return;
      close();
      open();
    },
  };
}

/** The JSON an event carries, or undefined when it is not JSON. */
export function eventData(event: MessageEvent<string>): unknown {
  try {
    return JSON.parse(event.data);
  } catch {
    return undefined;
  }
}
