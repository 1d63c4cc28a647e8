import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { link, mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { UploadContentType } from '@shared/uploads';

const extensionByType: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Owner ids come from the account system; anything else must never become a path. */
const safeSegment = /^[A-Za-z0-9_-]{1,128}$/;

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/**
 * Uploaded photos as files under `DATA_DIR/uploads/<owner>/<id>.<ext>`. A photo is
 * written to a temporary file, flushed, and only then linked into place, so a crash
 * never leaves half a photo under its real name; the first complete copy of an id wins.
 */
export function photoStore(dataDir: string) {
  const root = path.resolve(dataDir, 'uploads');

  function resolve(key: string): string {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('storage key outside the photo folder');
    return file;
  }

  return {
    keyFor(ownerId: string, id: string, contentType: UploadContentType): string {
      if (!safeSegment.test(ownerId) || !safeSegment.test(id)) {
        throw new Error('unsafe photo storage name');
      }
      return `${ownerId}/${id}.${extensionByType[contentType]}`;
    },

    async save(key: string, bytes: Uint8Array): Promise<void> {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await link(temporary, file);
      } catch (error) {
        // Stored already by an earlier attempt with the same id: keep that copy.
        if (!isErrorCode(error, 'EEXIST')) throw error;
      } finally {
        await unlink(temporary);
      }
    },

    /** Deletes a stored photo; one already gone is no error. */
    async remove(key: string): Promise<void> {
      try {
        await unlink(resolve(key));
      } catch (error) {
        if (!isErrorCode(error, 'ENOENT')) throw error;
      }
    },

    /** The photo's bytes as a stream, or null when the file is missing. */
    async read(key: string): Promise<{ stream: ReadStream; size: number } | null> {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if (isErrorCode(error, 'ENOENT')) return null;
        throw error;
      }
    },
  };
}

export type PhotoStore = ReturnType<typeof photoStore>;
