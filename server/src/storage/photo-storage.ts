import type { Readable } from 'node:stream';
import type { UploadContentType } from '@shared/uploads';

/** The photo a copy belongs to: whose it is, its client-chosen id, and its real format. */
export interface PhotoToStore {
  ownerId: string;
  id: string;
  contentType: UploadContentType;
}

export interface PhotoContent {
  stream: Readable;
  size: number;
}

/**
 * Where photo bytes are kept: a folder under `DATA_DIR` or an S3-compatible object store.
 * Which copy of an id is the photo is the database's business (the uploads row written
 * first); a store only promises that a copy is complete before `save` answers, and that
 * nothing is ever readable half-written.
 */
export interface PhotoStorage {
  /** `folder`: this machine's disk; `object-store`: shared by every server process. */
  readonly kind: 'folder' | 'object-store';
  /** Stores one complete copy and answers the key it can be read back by. */
  save(photo: PhotoToStore, bytes: Uint8Array): Promise<string>;
  /** The copy's bytes as a stream, or null when there is none under this key. */
  read(key: string): Promise<PhotoContent | null>;
  /** Deletes a copy; one already gone is no error. */
  remove(key: string): Promise<void>;
  /** Whether photos can be stored and read right now. */
  reachable(): Promise<boolean>;
  close(): void;
}

/**
 * The object store did not answer or refused us. Its message names the operation and the
 * store's answer, never a key, header or secret, so it may be logged as it is.
 */
export class PhotoStorageUnavailable extends Error {
  override name = 'PhotoStorageUnavailable';
}

const extensionByType: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Owner ids come from the account system; anything else must never become a path or key. */
const safeSegment = /^[A-Za-z0-9_-]{1,128}$/;

/** The parts of a copy's name, checked so that no id can reach outside its owner's place. */
export function photoNameParts(photo: PhotoToStore): {
  ownerId: string;
  id: string;
  extension: string;
} {
  if (!safeSegment.test(photo.ownerId) || !safeSegment.test(photo.id)) {
    throw new Error('unsafe photo storage name');
  }
  return { ownerId: photo.ownerId, id: photo.id, extension: extensionByType[photo.contentType] };
}
