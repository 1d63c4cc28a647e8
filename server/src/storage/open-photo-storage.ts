import type { Config } from '../config';
import { localPhotoStorage } from './local-photo-storage';
import type { PhotoStorage } from './photo-storage';
import { s3PhotoStorage } from './s3-photo-storage';

/** The object store the `S3_*` settings name, or else the folder `DATA_DIR/uploads`. */
export function openPhotoStorage(config: Config): PhotoStorage {
  return config.objectStorage === undefined
    ? localPhotoStorage(config.dataDir)
    : s3PhotoStorage(config.objectStorage);
}
