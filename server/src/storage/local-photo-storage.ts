import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, link, mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { photoNameParts, type PhotoContent, type PhotoStorage } from './photo-storage';

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/**
 * Photos as files under `DATA_DIR/uploads/<owner>/<id>.<ext>`. A photo is written to a
 * temporary file, flushed, and only then linked into place, so a crash never leaves half a
 * photo under its real name; the first complete copy of an id and format keeps the name.
 */
export function localPhotoStorage(dataDir: string): PhotoStorage {
  const root = path.resolve(dataDir, 'uploads');

  function resolve(key: string): string {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('storage key outside the photo folder');
    return file;
  }

  return {
    kind: 'folder',

    async save(photo, bytes) {
      const { ownerId, id, extension } = photoNameParts(photo);
      const key = `${ownerId}/${id}.${extension}`;
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
      return key;
    },

    async remove(key) {
      try {
        await unlink(resolve(key));
      } catch (error) {
        if (!isErrorCode(error, 'ENOENT')) throw error;
      }
    },

    async read(key): Promise<PhotoContent | null> {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if (isErrorCode(error, 'ENOENT')) return null;
        throw error;
      }
    },

    async reachable() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.R_OK | constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    close() {},
  };
}
