import type { Kysely, Selectable } from 'kysely';
import { uploadContentPath, type Upload, type UploadContentType } from '@shared/uploads';
import type { Database, UploadsTable } from '../db/schema';

export interface StoredUpload {
  id: string;
  ownerId: string;
  contentType: UploadContentType;
  storageKey: string;
}

export interface NewUpload extends StoredUpload {
  byteSize: number;
}

function toUpload(row: Selectable<UploadsTable>): Upload {
  return {
    id: row.id,
    contentType: row.content_type as UploadContentType,
    byteSize: row.byte_size,
    createdAt: new Date(row.created_at).toISOString(),
    url: uploadContentPath(row.id),
  };
}

function toStored(row: Selectable<UploadsTable>): StoredUpload {
  return {
    id: row.id,
    ownerId: row.owner_id,
    contentType: row.content_type as UploadContentType,
    storageKey: row.storage_key,
  };
}

/** How many photos one list answer carries at most. */
const listLimit = 500;

export function uploadsRepository(db: Kysely<Database>) {
  return {
    async find(id: string): Promise<StoredUpload | null> {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toStored(row) : null;
    },

    /** The owner's photo with this id, shaped for the client, or null. */
    async findOwn(ownerId: string, id: string): Promise<Upload | null> {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return row ? toUpload(row) : null;
    },

    /**
     * Records a stored photo once: a second insert with the same id changes nothing.
     * Answers whether this call created it.
     */
    async insertOnce(upload: NewUpload): Promise<boolean> {
      const inserted = await db
        .insertInto('uploads')
        .values({
          id: upload.id,
          owner_id: upload.ownerId,
          content_type: upload.contentType,
          byte_size: upload.byteSize,
          storage_key: upload.storageKey,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async listOwn(ownerId: string): Promise<Upload[]> {
      const rows = await db
        .selectFrom('uploads')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(listLimit)
        .execute();
      return rows.map(toUpload);
    },
  };
}

export type UploadsRepository = ReturnType<typeof uploadsRepository>;
