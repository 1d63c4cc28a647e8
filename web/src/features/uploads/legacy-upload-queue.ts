import { deleteDB, openDB } from 'idb';

const databaseName = 'sewa-uploads';

interface LegacyUpload {
  id: string;
  ownerId: string;
  image: Blob;
  createdAt: number;
}

/**
 * The photos an earlier version of the app kept in a queue of its own ("sewa-uploads"): the
 * owner's, oldest first, taken out of it; the queue is then deleted with any other account's.
 */
export async function takeLegacyUploads(ownerId: string): Promise<LegacyUpload[]> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const names = (await indexedDB.databases()).map((database) => database.name);
  if (!names.includes(databaseName)) return [];
  const db = await openDB(databaseName);
  const uploads = db.objectStoreNames.contains('pending')
    ? ((await db.getAll('pending')) as LegacyUpload[])
    : [];
  db.close();
  await deleteDB(databaseName);
  return uploads
    .filter((upload) => upload.ownerId === ownerId)
    .sort((a, b) => a.createdAt - b.createdAt);
}
