import { accessEndedCode, currentActingFor } from './acting-for';
import { actingForDuring, ApiRequestError } from './api-client';
import { createStore, useStore } from './create-store';
import { onlineStatus } from './online-status';
import { outboxStorage, type OutboxEntry, type OutboxReason } from './outbox-db';

export type { OutboxEntry, OutboxReason } from './outbox-db';

/**
 * Delivers one kind of entry. Features register theirs (`app/` composes them), so the
 * outbox knows nothing of messages or photos.
 */
export interface OutboxSender<Payload> {
  /** Sends it; throws `ApiRequestError` when the server cannot be reached or refuses. */
  send: (payload: Payload, entry: OutboxEntry<Payload>) => Promise<unknown>;
  /** The server has it: show its answer (the entry leaves the outbox right after). */
  delivered?: (answer: unknown, entry: OutboxEntry<Payload>) => void | Promise<void>;
}

/** An entry as the screens see it: also whether it is on its way right now. */
export type OutboxItem<Payload = unknown> = OutboxEntry<Payload> & { sending: boolean };

/** The first retry waits this long; each further failure doubles it, up to the ceiling. */
const firstRetryMs = 2_000;
const longestRetryMs = 5 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A refusal for good: the server answered and sending the same again will not change its
 * mind (a message too long, a conversation gone). A lost connection, a busy or broken server,
 * too many requests or an ended session are worth trying again.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/**
 * A refusal of work written for someone cared for that says the grant does not cover it: the
 * server answers what a caregiver may not do as a missing record (404) or forbidden (403).
 * Sent again it would be refused again, so it is not kept (see `onNotPermitted`).
 */
export function isNotPermitted(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  // An ended grant is `use-care-access.ts`'s: everything written for them is erased at once.
  if (error.code === accessEndedCode) return false;
  return error.status === 403 || error.status === 404;
}

const notPermittedListeners = new Set<(entry: OutboxEntry) => void>();

/**
 * Hears each entry written for someone cared for that the server refused for lack of
 * permission: it has left the outbox, and the screen says why. Returns the way to stop.
 */
export function onNotPermitted(listener: (entry: OutboxEntry) => void): () => void {
  notPermittedListeners.add(listener);
  return () => notPermittedListeners.delete(listener);
}

function reasonOf(error: unknown): OutboxReason {
  if (error instanceof ApiRequestError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  return {
    status: 0,
    code: 'internal',
    message: error instanceof Error ? error.message || error.name : String(error),
  };
}

/** The reason as the error a screen words (`errorMessage`). */
export function reasonError(reason: OutboxReason): ApiRequestError {
  return new ApiRequestError(reason.status, reason.code as ApiRequestError['code'], reason.message);
}

const senders = new Map<string, OutboxSender<never>>();
/** Whose entries are being sent: only the signed-in account's, never anyone else's. */
let ownerId: string | null = null;
const items = createStore<readonly OutboxItem[]>([]);
let sendingId: string | null = null;
let lastCreatedAt = 0;
let passRunning = false;
let passWanted: { force: boolean } | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let stopTimer: ReturnType<typeof setTimeout> | undefined;
let unsubscribeOnline: (() => void) | undefined;

async function reload(owner: string): Promise<OutboxEntry[]> {
  const entries = await outboxStorage.listFor(owner);
  if (ownerId === owner) {
    items.set(entries.map((entry) => ({ ...entry, sending: entry.id === sendingId })));
  }
  return entries;
}

async function change(id: string, update: Partial<OutboxEntry>): Promise<void> {
  const current = await outboxStorage.get(id);
  if (current) await outboxStorage.put({ ...current, ...update });
}

async function deliver(owner: string, entry: OutboxEntry): Promise<'delivered' | 'waits'> {
  const sender = senders.get(entry.kind) as OutboxSender<unknown> | undefined;
  // Its feature has not registered yet; the entry waits for it.
  if (!sender) return 'waits';
  sendingId = entry.id;
  await reload(owner);
  try {
    const answer = await actingForDuring(entry.actingFor ?? null, () =>
      sender.send(entry.payload, entry),
    );
    await sender.delivered?.(answer, entry);
    await outboxStorage.remove(entry.id);
    return 'delivered';
  } catch (error) {
    const attempts = entry.attempts + 1;
    if (entry.actingFor && isNotPermitted(error)) {
      // Not "Not sent" for ever: no retry of it can work while the grant stays as it is.
      await outboxStorage.remove(entry.id);
      for (const listener of notPermittedListeners) listener(entry);
      return 'delivered';
    }
    if (isRefusal(error)) {
      await change(entry.id, { state: 'failed', attempts, reason: reasonOf(error) });
      return 'delivered';
    }
    await change(entry.id, {
      attempts,
      reason: reasonOf(error),
      nextAttemptAt: Date.now() + retryDelayMs(attempts),
    });
    return 'waits';
  } finally {
    sendingId = null;
    await reload(owner);
  }
}

/**
 * Tries each entry that is due (every one, when forced), oldest first. An entry that must
 * wait holds back the later ones with its key, so a conversation's messages arrive in the
 * order they were written; a refused one does not, as it waits for the person instead.
 */
async function sendDue(owner: string, force: boolean): Promise<void> {
  const entries = await reload(owner);
  const heldKeys = new Set<string>();
  for (const entry of entries) {
    // Signed out or offline mid-way: stop; what is left waits for the next pass.
    if (ownerId !== owner || !onlineStatus.get()) return;
    if (entry.state === 'failed' || heldKeys.has(entry.key)) continue;
    // Deleted meanwhile, or sent by another tab.
    const current = await outboxStorage.get(entry.id);
    if (!current || current.state === 'failed') continue;
    if (!force && current.nextAttemptAt > Date.now()) {
      heldKeys.add(entry.key);
      continue;
    }
    if ((await deliver(owner, current)) === 'waits') heldKeys.add(entry.key);
  }
}

/** One pass at a time across the tabs of this browser, so no two send the same entry at once. */
function exclusively(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('sewa-outbox', work) : work();
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  // Offline, the return of the connection starts the next pass; no timer spins meanwhile.
  const waiting = items.get().filter((entry) => entry.state === 'pending');
  if (ownerId === null || waiting.length === 0 || !onlineStatus.get()) return;
  const next = Math.min(...waiting.map((entry) => entry.nextAttemptAt));
  retryTimer = setTimeout(() => void runPass(false), Math.max(0, next - Date.now()));
}

async function runPass(force: boolean): Promise<void> {
  if (passRunning) {
    passWanted = { force: force || (passWanted?.force ?? false) };
    return;
  }
  passRunning = true;
  try {
    let wanted: { force: boolean } | null = { force };
    while (wanted && ownerId !== null) {
      passWanted = null;
      const owner = ownerId;
      const { force: forced } = wanted;
      await exclusively(() => sendDue(owner, forced)).catch(() => undefined);
      wanted = passWanted;
    }
  } finally {
    passRunning = false;
    passWanted = null;
  }
  scheduleRetry();
}

/**
 * Work done on this device that the server has yet to take, kept per account in
 * IndexedDB and delivered when online: at start, when the connection returns, and after a
 * failure with a growing delay. Each entry is sent until the server has it (a client-chosen
 * id makes a resend harmless) or refuses it for good; nothing is dropped unless the person
 * deletes it or the account leaves the device.
 */
export const outbox = {
  register<Payload>(kind: string, sender: OutboxSender<Payload>): () => void {
    senders.set(kind, sender);
    if (ownerId !== null) void runPass(false);
    return () => {
      if (senders.get(kind) === (sender as OutboxSender<never>)) senders.delete(kind);
    };
  },

  start(owner: string): void {
    clearTimeout(stopTimer);
    if (ownerId === owner) return;
    ownerId = owner;
    items.set([]);
    unsubscribeOnline?.();
    unsubscribeOnline = onlineStatus.subscribe(() => {
      if (onlineStatus.get()) void runPass(true);
    });
    void runPass(true);
  },

  /** Stops a moment later, so a shell remounted between two pages does not restart it. */
  stop(): void {
    clearTimeout(stopTimer);
    stopTimer = setTimeout(() => {
      ownerId = null;
      clearTimeout(retryTimer);
      unsubscribeOnline?.();
      unsubscribeOnline = undefined;
      items.set([]);
    }, 0);
  },

  /** Keeps it on the device for the signed-in account and sends it when it can. */
  async add<Payload>(entry: {
    kind: string;
    key: string;
    id: string;
    payload: Payload;
  }): Promise<OutboxEntry<Payload>> {
    const owner = ownerId;
    if (owner === null) throw new Error('Nobody is signed in');
    // Entries keep the order they were made in, also two within one millisecond.
    const now = Math.max(Date.now(), lastCreatedAt + 1);
    lastCreatedAt = now;
    const stored: OutboxEntry<Payload> = {
      ...entry,
      ownerId: owner,
      actingFor: currentActingFor(),
      state: 'pending',
      reason: null,
      attempts: 0,
      createdAt: now,
      nextAttemptAt: now,
    };
    await outboxStorage.put(stored);
    await reload(owner);
    void runPass(false);
    return stored;
  },

  /** Every entry an account has on this device, signed in or not, oldest first. */
  entriesOf(owner: string): Promise<OutboxEntry[]> {
    return outboxStorage.listFor(owner);
  },

  /** The signed-in account's entries of one kind, as last read. */
  entries<Payload>(kind: string): readonly OutboxItem<Payload>[] {
    return ofKind(items.get(), kind) as readonly OutboxItem<Payload>[];
  },

  /** A refused entry, sent again as it is (the person may have fixed what was wrong meanwhile). */
  async retry(id: string): Promise<void> {
    await change(id, { state: 'pending', nextAttemptAt: Date.now() });
    if (ownerId !== null) await reload(ownerId);
    void runPass(false);
  },

  async remove(id: string): Promise<void> {
    await outboxStorage.remove(id);
    if (ownerId !== null) await reload(ownerId);
  },

  /**
   * Forgets the entries an account wrote for `patientId`: their access ended, and nothing
   * written for them may reach the server or stay on the device.
   */
  async eraseActingFor(owner: string, patientId: string): Promise<number> {
    const entries = (await outboxStorage.listFor(owner)).filter(
      (entry) => entry.actingFor === patientId,
    );
    for (const entry of entries) await outboxStorage.remove(entry.id);
    if (ownerId === owner) await reload(owner);
    return entries.length;
  },

  /**
   * Forgets every account's entries but `keep`'s (everyone's when null): on sign-out, and
   * when another account signs in on this device.
   */
  async eraseAllBut(keep: string | null): Promise<void> {
    if (ownerId !== null && ownerId !== keep) {
      // A pass under way for the account leaving stops before its next entry.
      ownerId = null;
      clearTimeout(retryTimer);
      items.set([]);
    }
    await outboxStorage.removeAllBut(keep);
  },
};

/** How many of the signed-in account's entries the server has yet to take, refused ones included. */
export function useOutboxSize(): number {
  return useStore(items).length;
}

/** The signed-in account's entries of one kind still on this device, oldest first. */
export function useOutbox<Payload>(kind: string): readonly OutboxItem<Payload>[] {
  const all = useStore(items);
  return ofKind(all, kind) as readonly OutboxItem<Payload>[];
}

const byKind = new WeakMap<readonly OutboxItem[], Map<string, readonly OutboxItem[]>>();

/** The same array for the same snapshot and kind, so a component's effects do not run for nothing. */
function ofKind(all: readonly OutboxItem[], kind: string): readonly OutboxItem[] {
  let kinds = byKind.get(all);
  if (!kinds) {
    kinds = new Map();
    byKind.set(all, kinds);
  }
  let list = kinds.get(kind);
  if (!list) {
    list = all.filter((entry) => entry.kind === kind);
    kinds.set(kind, list);
  }
  return list;
}
