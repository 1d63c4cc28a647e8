import type { QueryClient } from '@tanstack/react-query';
import {
  queueChangeEventSchema,
  signalEventSchema,
  visitChangeEventSchema,
  type SignalEvent,
} from '@shared/visits';
import { visitsKeys } from '../api/query-keys';

const eventsUrl = '/api/visits/events';
/** When the browser gives up on a stream (it does on an error answer), try again after this, doubling. */
const reopenMs = { first: 2_000, max: 60_000 };

/** What a call on screen hears from the stream: its signals, and when some may have been missed. */
export interface SignalListener {
  onSignal: (event: SignalEvent) => void;
  /** The stream (re)connected or the server reported a gap: ask for what came after the cursor. */
  onCatchUp: () => void;
}

/**
 * One visits push stream per tab, shared by the shell (queue, active encounter, visit pages)
 * and the call screen (signals). Each event refreshes the queries it concerns; a call
 * on screen gets its signals and a catch-up request on every (re)connect and `resync`.
 */
let users = 0;
let source: EventSource | undefined;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let reopenDelay = reopenMs.first;
let queryClient: QueryClient | undefined;
const signalListeners = new Set<SignalListener>();

function parse(event: MessageEvent<string>): unknown {
  try {
    return JSON.parse(event.data);
  } catch {
    return undefined;
  }
}

function catchUp() {
  if (queryClient) {
    void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
    void queryClient.invalidateQueries({ queryKey: visitsKeys.queue() });
    void queryClient.invalidateQueries({ queryKey: ['visits', 'detail'] });
  }
  signalListeners.forEach((listener) => listener.onCatchUp());
}

function onVisit(event: MessageEvent<string>) {
  const change = visitChangeEventSchema.safeParse(parse(event));
  if (!change.success || !queryClient) return;
  void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
  void queryClient.invalidateQueries({ queryKey: visitsKeys.detail(change.data.id) });
  if (change.data.status === 'finished') {
    void queryClient.invalidateQueries({ queryKey: visitsKeys.history() });
  }
}

function onQueue(event: MessageEvent<string>) {
  const change = queueChangeEventSchema.safeParse(parse(event));
  if (!change.success || !queryClient) return;
  void queryClient.invalidateQueries({ queryKey: visitsKeys.queue() });
}

function onSignal(event: MessageEvent<string>) {
  const signal = signalEventSchema.safeParse(parse(event));
  if (!signal.success) return;
  signalListeners.forEach((listener) => listener.onSignal(signal.data));
}

function open() {
  if (typeof EventSource === 'undefined') return;
  const stream = new EventSource(eventsUrl);
  source = stream;
  stream.addEventListener('ready', () => {
    reopenDelay = reopenMs.first;
    catchUp();
  });
  stream.addEventListener('resync', catchUp);
  stream.addEventListener('visit', onVisit);
  stream.addEventListener('queue', onQueue);
  stream.addEventListener('signal', onSignal);
  stream.addEventListener('error', () => {
    // CONNECTING means the browser retries by itself; CLOSED means it gave up.
    if (stream.readyState === EventSource.CLOSED && source === stream) {
      source = undefined;
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
}

/** Starts (or joins) the tab's visits stream; the returned function leaves it. */
export function acquireVisitsPush(client: QueryClient): () => void {
  queryClient = client;
  users += 1;
  if (users === 1) open();
  return () => {
    users -= 1;
    if (users === 0) close();
  };
}

/** Hears the signals of the stream until the returned function is called. */
export function listenToSignals(listener: SignalListener): () => void {
  signalListeners.add(listener);
  return () => signalListeners.delete(listener);
}
