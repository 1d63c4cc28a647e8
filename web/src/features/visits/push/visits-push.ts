import type { QueryClient } from '@tanstack/react-query';
import {
  appointmentsChangeEventSchema,
  queueChangeEventSchema,
  signalEventSchema,
  visitChangeEventSchema,
  type SignalEvent,
} from '@shared/visits';
import { currentActingFor, onActingForChange } from '@/lib/acting-for';
import { createSharedEventSource, eventData } from '@/lib/shared-event-source';
import { visitsKeys } from '../api/query-keys';

/** What a call on screen hears from the stream: its signals, and when some may have been missed. */
export interface SignalListener {
  onSignal: (event: SignalEvent) => void;
  /** The stream (re)connected or the server reported a gap: ask for what came after the cursor. */
  onCatchUp: () => void;
}

let queryClient: QueryClient | undefined;
const signalListeners = new Set<SignalListener>();
const appointmentListeners = new Set<() => void>();

function catchUp() {
  if (queryClient) {
    void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
    void queryClient.invalidateQueries({ queryKey: visitsKeys.queue() });
    void queryClient.invalidateQueries({ queryKey: ['visits', 'detail'] });
  }
  signalListeners.forEach((listener) => listener.onCatchUp());
  appointmentListeners.forEach((listener) => listener());
}

function onVisit(event: MessageEvent<string>) {
  const change = visitChangeEventSchema.safeParse(eventData(event));
  if (!change.success || !queryClient) return;
  void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
  void queryClient.invalidateQueries({ queryKey: visitsKeys.detail(change.data.id) });
  if (change.data.status === 'finished') {
    void queryClient.invalidateQueries({ queryKey: visitsKeys.history() });
  }
}

function onQueue(event: MessageEvent<string>) {
  const change = queueChangeEventSchema.safeParse(eventData(event));
  if (!change.success || !queryClient) return;
  void queryClient.invalidateQueries({ queryKey: visitsKeys.queue() });
}

/** A doctor's day of appointments changed (booked, moved, cancelled, checked in). */
function onAppointments(event: MessageEvent<string>) {
  if (!appointmentsChangeEventSchema.safeParse(eventData(event)).success) return;
  appointmentListeners.forEach((listener) => listener());
}

function onSignal(event: MessageEvent<string>) {
  const signal = signalEventSchema.safeParse(eventData(event));
  if (!signal.success) return;
  signalListeners.forEach((listener) => listener.onSignal(signal.data));
}

/**
 * One visits push stream per tab, shared by the shell (queue, active encounter, visit pages)
 * and the call screen (signals). Each event refreshes the queries it concerns; a call
 * on screen gets its signals and a catch-up request on every (re)connect and `resync`.
 */
const stream = createSharedEventSource({
  // While caring for someone, their visits: the server checks the grant.
  url: () => {
    const patientId = currentActingFor();
    return patientId === null
      ? '/api/visits/events'
      : `/api/visits/events?for=${encodeURIComponent(patientId)}`;
  },
  listeners: {
    resync: catchUp,
    visit: onVisit,
    queue: onQueue,
    signal: onSignal,
    appointments: onAppointments,
  },
  onConnected: catchUp,
});
// Another person chosen (or oneself again): the stream follows them from now on.
onActingForChange(() => stream.reopen());

/** Starts (or joins) the tab's visits stream; the returned function leaves it. */
export function acquireVisitsPush(client: QueryClient): () => void {
  queryClient = client;
  return stream.acquire();
}

/** Hears the signals of the stream until the returned function is called. */
export function listenToSignals(listener: SignalListener): () => void {
  signalListeners.add(listener);
  return () => signalListeners.delete(listener);
}

/**
 * Hears when the doctor's appointments of the day changed, and on every (re)connect, when
 * such a change may have been missed; until the returned function is called.
 */
export function listenToAppointmentChanges(listener: () => void): () => void {
  appointmentListeners.add(listener);
  return () => appointmentListeners.delete(listener);
}
