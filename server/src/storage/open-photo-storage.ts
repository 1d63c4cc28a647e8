import type { Config } from '../config';
import { localPhotoStorage } from './local-photo-storage';
import type { PhotoStorage } from './photo-storage';

/**
 * The object store the `S3_*` settings name, or else the folder `DATA_DIR/uploads`. The
 * AWS SDK, a sixth of the bundled server, is loaded only when a store is named.
 */
export async function openPhotoStorage(config: Config): Promise<PhotoStorage> {
  if (config.objectStorage === undefined) return localPhotoStorage(config.dataDir);
  const { s3PhotoStorage } = await import('./s3-photo-storage');
  return s3PhotoStorage(config.objectStorage);
}
