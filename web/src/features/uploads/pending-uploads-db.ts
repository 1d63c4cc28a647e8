import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export type PendingUploadStatus = 'pending' | 'uploading' | 'uploaded' | 'failed';

/**
 * A photo taken on this device that the server may not have yet. It lives in IndexedDB, so a reload or a closed tab loses nothing,
 * and belongs to the account that took it: only that account's session ever sends it.
 */
export interface PendingUpload {
  /** Chosen here and sent as the server's id, so a retried upload is stored once. */
  id: string;
  ownerId: string;
  type: 'photo';
  /** The image itself. */
  image: Blob;
  status: PendingUploadStatus;
  retryCount: number;
  /** Why the last attempt failed, kept until one succeeds. */
  error: string | null;
  createdAt: number;
  /** Not tried again before this time (milliseconds since the epoch). */
  nextAttemptAt: number;
}

interface UploadsDb extends DBSchema {
  pending: {
    key: string;
    value: PendingUpload;
    indexes: { byOwner: string };
  };
}

const databaseName = 'sewa-uploads';
let opening: Promise<IDBPDatabase<UploadsDb>> | undefined;

function database(): Promise<IDBPDatabase<UploadsDb>> {
  opening ??= openDB<UploadsDb>(databaseName, 1, {
    upgrade(db) {
      const store = db.createObjectStore('pending', { keyPath: 'id' });
      store.createIndex('byOwner', 'ownerId');
    },
  });
  return opening;
}

export function indexedDbAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

export const pendingUploadsDb = {
  async add(upload: PendingUpload): Promise<void> {
    await (await database()).put('pending', upload);
  },

  /** One account's photos still on this device, oldest first. */
  async listFor(ownerId: string): Promise<PendingUpload[]> {
    const uploads = await (await database()).getAllFromIndex('pending', 'byOwner', ownerId);
    return uploads.sort((a, b) => a.createdAt - b.createdAt);
  },

  async update(id: string, change: Partial<Omit<PendingUpload, 'id' | 'ownerId'>>): Promise<void> {
    const db = await database();
    const transaction = db.transaction('pending', 'readwrite');
    const current = await transaction.store.get(id);
    if (current) await transaction.store.put({ ...current, ...change });
    await transaction.done;
  },

  async remove(id: string): Promise<void> {
    await (await database()).delete('pending', id);
  },
};
