import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startS3Server } from './s3-server';

export interface PhotoStorageVariant {
  name: 'folder' | 'object store';
  /** Starts what the variant needs, before the server. */
  start(): Promise<StartedPhotoStorage>;
}

export interface StartedPhotoStorage {
  /** The settings that send photos there. */
  env: Record<string, string>;
  /**
   * The names of every stored copy of one owner's photos, each starting with the photo's
   * id and ending with its format's extension, read from the storage itself.
   */
  storedNames(dataDir: string, ownerId: string): Promise<string[]>;
  stop(): Promise<void>;
}

const folder: PhotoStorageVariant = {
  name: 'folder',
  start: () =>
    Promise.resolve({
      env: {},
      async storedNames(dataDir, ownerId) {
        try {
          return await readdir(path.join(dataDir, 'uploads', ownerId));
        } catch (error) {
          // No photo of this owner yet: no folder either.
          if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
          throw error;
        }
      },
      stop: () => Promise.resolve(),
    }),
};

const objectStore: PhotoStorageVariant = {
  name: 'object store',
  async start() {
    const s3 = await startS3Server();
    return {
      env: s3.env,
      async storedNames(_dataDir, ownerId) {
        const prefix = `uploads/${ownerId}/`;
        return (await s3.keys(prefix)).map((key) => key.slice(prefix.length));
      },
      stop: () => s3.stop(),
    };
  },
};

/** The folder under DATA_DIR, and an S3-compatible server started for the test. */
export const photoStorageVariants: PhotoStorageVariant[] = [folder, objectStore];
