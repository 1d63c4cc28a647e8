import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** Why the server did not take an entry: its error code and words, as the API answered. */
export interface OutboxReason {
  status: number;
  code: string;
  message: string;
}

/**
 * Something a person did on this device that the server has not taken yet: a message,
 * a photo, a profile. It lives in IndexedDB, so a reload or a closed tab loses nothing,
 * and belongs to the account that did it: only that account's session ever sends it.
 */
export interface OutboxEntry<Payload = unknown> {
  /** Chosen here; where the server takes a client id, it is this one, so a resend is stored once. */
  id: string;
  ownerId: string;
  /**
   * The patient the account acted for when it wrote this (`acting-for.ts`); its delivery says
   * so whoever the account acts for by then. Absent: for the account itself.
   */
  actingFor?: string | null;
  /** Which sender delivers it (`message`, `photo`, `profile`). */
  kind: string;
  /** Entries with the same key go one after another, oldest first (a conversation's id). */
  key: string;
  payload: Payload;
  /** `failed`: refused for good; it waits for the person to retry or delete it. */
  state: 'pending' | 'failed';
  /** Why the last attempt did not deliver it, kept until one does. */
  reason: OutboxReason | null;
  attempts: number;
  createdAt: number;
  /** Not tried again before this time (milliseconds since the epoch), unless the connection returns. */
  nextAttemptAt: number;
}

/** Where the entries are kept; in memory only where the browser has no IndexedDB. */
export interface OutboxStorage {
  put: (entry: OutboxEntry) => Promise<void>;
  get: (id: string) => Promise<OutboxEntry | undefined>;
  /** One account's entries, oldest first. */
  listFor: (ownerId: string) => Promise<OutboxEntry[]>;
  remove: (id: string) => Promise<void>;
  /** Every entry not of `ownerId` (all of them when null): another account's work never stays. */
  removeAllBut: (ownerId: string | null) => Promise<void>;
}

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { byOwner: string } };
}

const oldestFirst = (a: OutboxEntry, b: OutboxEntry) =>
  a.createdAt - b.createdAt || a.id.localeCompare(b.id);

function indexedDbStorage(): OutboxStorage {
  let opening: Promise<IDBPDatabase<OutboxDb>> | undefined;
  const database = () =>
    (opening ??= openDB<OutboxDb>('sewa-outbox', 1, {
      upgrade(db) {
        db.createObjectStore('entries', { keyPath: 'id' }).createIndex('byOwner', 'ownerId');
      },
    }));
  return {
    put: async (entry) => {
      await (await database()).put('entries', entry);
    },
    get: async (id) => (await database()).get('entries', id),
    listFor: async (ownerId) =>
      (await (await database()).getAllFromIndex('entries', 'byOwner', ownerId)).sort(oldestFirst),
    remove: async (id) => (await database()).delete('entries', id),
    removeAllBut: async (ownerId) => {
      const transaction = (await database()).transaction('entries', 'readwrite');
      for await (const cursor of transaction.store) {
        if (cursor.value.ownerId !== ownerId) await cursor.delete();
      }
      await transaction.done;
    },
  };
}

function memoryStorage(): OutboxStorage {
  const entries = new Map<string, OutboxEntry>();
  return {
    put: (entry) => {
      entries.set(entry.id, { ...entry });
      return Promise.resolve();
    },
    get: (id) => Promise.resolve(entries.get(id)),
    listFor: (ownerId) =>
      Promise.resolve(
        [...entries.values()].filter((entry) => entry.ownerId === ownerId).sort(oldestFirst),
      ),
    remove: (id) => {
      entries.delete(id);
      return Promise.resolve();
    },
    removeAllBut: (ownerId) => {
      for (const [id, entry] of entries) if (entry.ownerId !== ownerId) entries.delete(id);
      return Promise.resolve();
    },
  };
}

export const outboxStorage: OutboxStorage =
  typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage();
