import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { outbox } from './outbox';
import { signOutPending } from './pending-sign-out';

/**
 * What a person has already seen (profile, conversations and messages, photos, the queue),
 * kept on the device for one account at a time so it shows without a connection. Another
 * account signing in, or signing out, erases it together with the outbox: a clinic phone
 * passed from one patient to the next keeps nothing of the first.
 */

interface Snapshot {
  ownerId: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

interface CacheDb extends DBSchema {
  snapshots: { key: string; value: Snapshot };
}

/** Whose data this device keeps; an id only, so the sign-in page can tell without IndexedDB. */
const ownerSetting = 'sewa-data-owner';
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

export function storedOwner(): string | null {
  return localStorage.getItem(ownerSetting);
}

/** Puts the kept account's last known data into the cache; false when there is none. */
export async function restoreAccountData(queryClient: QueryClient): Promise<boolean> {
  const owner = storedOwner();
  // Signed out on this device: whatever may be left of the account stays hidden.
  if (owner === null || signOutPending.get() !== null || !available()) return false;
  const snapshot = await (await database()).get('snapshots', owner);
  // Signed out or switched meanwhile.
  if (!snapshot || storedOwner() !== owner) return false;
  if (Date.now() - snapshot.savedAt > maxAgeMs) return false;
  // Never over what this page has already loaded: hydrate keeps the newer of the two.
  hydrate(queryClient, snapshot.state);
  // What came from the device is asked again as soon as a screen shows it.
  for (const kept of snapshot.state.queries) {
    const query = queryClient.getQueryCache().get(kept.queryHash);
    if (query?.state.dataUpdatedAt === kept.state.dataUpdatedAt) query.invalidate();
  }
  return true;
}

/** Erases every account's kept data and outbox but `keep`'s (everyone's when null). */
export async function eraseAccountData(keep: string | null): Promise<void> {
  if (keep === null) localStorage.removeItem(ownerSetting);
  else localStorage.setItem(ownerSetting, keep);
  await outbox.eraseAllBut(keep);
  if (!available()) return;
  const transaction = (await database()).transaction('snapshots', 'readwrite');
  for await (const cursor of transaction.store) {
    if (cursor.value.ownerId !== keep) await cursor.delete();
  }
  await transaction.done;
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
    // Signed out or switched since: nothing more is written for this account.
    if (storedOwner() !== ownerId) return;
    const state = dehydrate(queryClient);
    await (await database()).put('snapshots', { ownerId, savedAt: Date.now(), state });
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
