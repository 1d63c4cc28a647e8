import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config';
import { openPhotoStorage } from '../server/src/storage/open-photo-storage';
import type { PhotoStorage } from '../server/src/storage/photo-storage';
import { startS3Server } from '../tests/api/support/s3-server';

export interface PhotoThroughputFigures {
  store: 'folder' | 'object-store';
  uploadsPerSecond: number;
  fetchesPerSecond: number;
  /** Megabytes a second, at `photoKb` a photo. */
  uploadMbPerSecond: number;
  fetchMbPerSecond: number;
}

/** A phone camera's photo as the web app sends it: compressed to a few hundred KB. */
export const photoKb = 300;
const photos = 60;
/** Uploads and fetches in flight at once, as several phones would have. */
const concurrency = 4;

async function inParallel(count: number, work: (index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function measure(storage: PhotoStorage): Promise<Omit<PhotoThroughputFigures, 'store'>> {
  const bytes = randomBytes(photoKb * 1024);
  const ownerId = `bench-${randomUUID()}`;
  const keys: string[] = [];
  const uploadStarted = performance.now();
  await inParallel(photos, async (index) => {
    keys[index] = await storage.save(
      { ownerId, id: randomUUID(), contentType: 'image/jpeg' },
      bytes,
    );
  });
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const fetchStarted = performance.now();
  await inParallel(photos, async (index) => {
    const key = keys[index];
    const content = key === undefined ? null : await storage.read(key);
    if (!content) throw new Error('a stored photo could not be read back');
    // Read to the end, as a browser would, and count what came.
    let received = 0;
    for await (const chunk of content.stream) received += (chunk as Buffer).length;
    if (received !== bytes.length) throw new Error('a photo came back incomplete');
  });
  const fetchSeconds = (performance.now() - fetchStarted) / 1000;
  const megabytes = (photos * photoKb) / 1024;
  return {
    uploadsPerSecond: photos / uploadSeconds,
    fetchesPerSecond: photos / fetchSeconds,
    uploadMbPerSecond: megabytes / uploadSeconds,
    fetchMbPerSecond: megabytes / fetchSeconds,
  };
}

/**
 * Photos stored and read back through the server's storage interface: the local folder,
 * then an S3-compatible server (s3rver) on loopback, in the same run.
 */
export async function benchPhotoThroughput(): Promise<PhotoThroughputFigures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sewa-bench-photos-'));
  const s3 = await startS3Server();
  try {
    const figures: PhotoThroughputFigures[] = [];
    for (const env of [{}, s3.env]) {
      const storage = await openPhotoStorage(loadConfig({ DATA_DIR: dataDir, ...env }));
      try {
        await measure(storage); // warm-up: file handles, the SDK's connections
        figures.push({ store: storage.kind, ...(await measure(storage)) });
      } finally {
        storage.close();
      }
    }
    return figures;
  } finally {
    await s3.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
