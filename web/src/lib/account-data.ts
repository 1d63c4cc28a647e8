import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  type QueryClient,
} from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Me } from '@shared/profile';
import { forgetActingFor, isQueryOf, setActingFor, actingForOf } from './acting-for';
import { dataOwner } from './data-owner';
import { outbox } from './outbox';
import { signOutPending } from './pending-sign-out';
import { sessionQueryOptions } from './session';

/**
 * What a person has already seen (profile, conversations and messages, photos, the queue),
 * kept on the device for one account at a time so it shows without a connection. Another
 * account signing in, signing out, or the server saying the session ended erases it together
 * with the outbox: a clinic tablet passed from one patient to the next keeps nothing of the
 * first.
 *
 * Who is signed in is not part of what is kept: the session query is never written here nor
 * read back. The reader's profile is kept beside the data only for an offline start
 * (`showLastKnownOffline`), the one time the device speaks for a server it cannot reach.
 */

interface Snapshot {
  ownerId: string;
  savedAt: number;
  /** Who the data is of, as the server last said; absent in snapshots of older versions. */
  reader?: Me;
  /** When the server said so. */
  readerAt?: number;
  state: ReturnType<typeof dehydrate>;
}

interface CacheDb extends DBSchema {
  snapshots: { key: string; value: Snapshot };
}

/** Older data is not shown: a week offline is past what "last known" should mean. */
const maxAgeMs = 7 * 24 * 60 * 60_000;
/** Writes are gathered for this long, so a burst of answers costs one write. */
const saveDelayMs = 1_000;

let opening: Promise<IDBPDatabase<CacheDb>> | undefined;
function database(): Promise<IDBPDatabase<CacheDb>> {
  opening ??= openDB<CacheDb>('sewa-cache', 1, {
    upgrade(db) {
      db.createObjectStore('snapshots', { keyPath: 'ownerId' });
    },
  });
  return opening;
}

const available = () => typeof indexedDB !== 'undefined';

const isSessionQuery = (queryKey: readonly unknown[]) =>
  queryKey[0] === sessionQueryOptions.queryKey[0];

export function storedOwner(): string | null {
  return dataOwner.get();
}

/** The kept account's snapshot, when it may be shown: nobody signed out since, within a week. */
async function keptSnapshot(): Promise<Snapshot | null> {
  const owner = storedOwner();
  // Signed out on this device, or told the session ended: whatever may be left stays hidden.
  if (owner === null || signOutPending.get() !== null || !available()) return null;
  const snapshot = await (await database()).get('snapshots', owner);
  // Signed out, ended or switched meanwhile.
  if (!snapshot || storedOwner() !== owner) return null;
  if (Date.now() - snapshot.savedAt > maxAgeMs) return null;
  return snapshot;
}

/** Puts the kept account's last known data into the cache; the snapshot, or null when there is none. */
export async function restoreAccountData(queryClient: QueryClient): Promise<Snapshot | null> {
  const snapshot = await keptSnapshot();
  if (!snapshot) return null;
  // A session query in a snapshot written by an older version is never read back.
  const queries = snapshot.state.queries.filter((query) => !isSessionQuery(query.queryKey));
  // Never over what this page has already loaded: hydrate keeps the newer of the two.
  hydrate(queryClient, { ...snapshot.state, queries });
  // What came from the device is asked again as soon as a screen shows it.
  for (const kept of queries) {
    const query = queryClient.getQueryCache().get(kept.queryHash);
    if (query?.state.dataUpdatedAt === kept.state.dataUpdatedAt) query.invalidate();
  }
  return snapshot;
}

/**
 * An offline start: the server cannot be asked who is signed in, so the kept account's last
 * known data shows under the profile kept with it. Only while the session question has no
 * answer in this page load: once the server has said anything, its word stands. The session
 * query stays asking, so when the connection returns the server confirms or ends it.
 * A session the device learnt had ended left nothing to restore (`forgetEndedAccount`).
 */
export async function showLastKnownOffline(queryClient: QueryClient): Promise<boolean> {
  if (queryClient.getQueryData(sessionQueryOptions.queryKey) !== undefined) return false;
  const snapshot = await restoreAccountData(queryClient);
  if (!snapshot?.reader || snapshot.reader.user.id !== snapshot.ownerId) return false;
  if (queryClient.getQueryData(sessionQueryOptions.queryKey) !== undefined) return false;
  queryClient.setQueryData(sessionQueryOptions.queryKey, snapshot.reader, {
    updatedAt: snapshot.readerAt ?? snapshot.savedAt,
  });
  return true;
}

/**
 * Deletes what the service worker's caches may hold of API answers and photos (everything
 * under `/api/`). The worker keeps none today (`vite.config.ts`); this holds should that change.
 */
async function eraseCachedAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith('/api/')) await cache.delete(request);
    }
  }
}

/** Erases every account's kept data and outbox but `keep`'s (everyone's when null). */
export async function eraseAccountData(keep: string | null): Promise<void> {
  forgetActingFor(keep);
  dataOwner.set(keep);
  await outbox.eraseAllBut(keep);
  if (keep === null) await eraseCachedAnswers().catch(() => undefined);
  if (!available()) return;
  const transaction = (await database()).transaction('snapshots', 'readwrite');
  for await (const cursor of transaction.store) {
    if (cursor.value.ownerId !== keep) await cursor.delete();
  }
  await transaction.done;
}

/**
 * The server said the session of the account this device keeps ended (401): revoked from
 * another device, a password reset, expiry. Everything of that account goes; the outbox's
 * entries could no longer be delivered under her name. Returns how many there were, so the
 * sign-in page can say that something was not sent without saying what.
 */
export async function forgetEndedAccount(): Promise<number> {
  const owner = storedOwner();
  const unsent = owner === null ? 0 : (await outbox.entriesOf(owner)).length;
  await eraseAccountData(null);
  return unsent;
}

/**
 * Keeps `ownerId`'s data from now on: what the device kept for them joins the cache (each
 * page load adds what it saw to what earlier ones did), and the cache is written a second
 * after it changes. Another account's data is erased first. Returns the function that stops it.
 */
export async function keepAccountData(
  queryClient: QueryClient,
  ownerId: string,
): Promise<() => void> {
  if (storedOwner() !== ownerId) await eraseAccountData(ownerId);
  if (!available()) return () => undefined;
  await restoreAccountData(queryClient);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    // Signed out, ended or switched since: nothing more is written for this account.
    if (storedOwner() !== ownerId) return;
    const session = queryClient.getQueryState<Me | null>(sessionQueryOptions.queryKey);
    const reader = session?.data?.user.id === ownerId ? session.data : undefined;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        defaultShouldDehydrateQuery(query) && !isSessionQuery(query.queryKey),
    });
    const db = await database();
    await db.put('snapshots', {
      ownerId,
      savedAt: Date.now(),
      reader,
      readerAt: reader && session?.dataUpdatedAt,
      state,
    });
    // Erased while this was being written: the write does not outlive it.
    if (storedOwner() !== ownerId) await db.delete('snapshots', ownerId);
  };
  const saveSoon = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void save().catch(() => undefined);
    }, saveDelayMs);
  };
  // Leaving the page writes what the last second brought, rather than lose it.
  const saveNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void save().catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(saveSoon);
  window.addEventListener('pagehide', saveNow);
  saveSoon();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', saveNow);
  };
}

/**
 * The account `ownerId` no longer cares for `patientId` (their access was removed, or the
 * server said it ended): whatever the device holds of that patient goes, at once and for
 * good: the queries asked for them (in this page and in the kept snapshot) and what the
 * account wrote for them and has not sent. The account acts for itself again when it acted
 * for them. Returns how many unsent entries there were.
 */
export async function eraseCaredForData(
  queryClient: QueryClient,
  ownerId: string,
  patientId: string,
): Promise<number> {
  if (actingForOf(ownerId) === patientId) setActingFor(ownerId, null);
  queryClient.removeQueries({ predicate: (query) => isQueryOf(query, patientId) });
  const unsent = await outbox.eraseActingFor(ownerId, patientId);
  if (!available()) return unsent;
  const db = await database();
  const snapshot = await db.get('snapshots', ownerId);
  if (snapshot) {
    const queries = snapshot.state.queries.filter((query) => !isQueryOf(query, patientId));
    if (queries.length !== snapshot.state.queries.length) {
      await db.put('snapshots', { ...snapshot, state: { ...snapshot.state, queries } });
    }
  }
  return unsent;
}
