import { sql, type Kysely, type Selectable } from 'kysely';
import { uploadContentPath, type Upload, type UploadContentType } from '@shared/uploads';
import type { Database, UploadsTable } from '../db/schema';

/** A recorded photo as the server sees it: whose it is and where its bytes are. */
export interface StoredUpload {
  /** The device's id for it, unique per owner. */
  id: string;
  /** Its own id, unique everywhere: its URL names it. */
  photoId: string;
  ownerId: string;
  contentType: UploadContentType;
  storageKey: string;
}

export interface NewUpload extends StoredUpload {
  byteSize: number;
}

/** What recording a photo came to. */
export type RecordOutcome = 'created' | 'exists' | 'over-quota';

function toUpload(row: Selectable<UploadsTable>): Upload {
  return {
    id: row.id,
    contentType: row.content_type as UploadContentType,
    byteSize: row.byte_size,
    createdAt: new Date(row.created_at).toISOString(),
    url: uploadContentPath(row.photo_id),
  };
}

function toStored(row: Selectable<UploadsTable>): StoredUpload {
  return {
    id: row.id,
    photoId: row.photo_id,
    ownerId: row.owner_id,
    contentType: row.content_type as UploadContentType,
    storageKey: row.storage_key,
  };
}

/** How many photos one list answer carries at most. */
const listLimit = 500;

export function uploadsRepository(db: Kysely<Database>) {
  async function storedBytes(ownerId: string): Promise<number> {
    const row = await db
      .selectFrom('uploads')
      .select(sql<string>`coalesce(sum(byte_size), 0)`.as('bytes'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  /** Photo ids are the device's, so one is an owner's only together with the owner. */
  function ownRow(ownerId: string, id: string) {
    return db
      .selectFrom('uploads')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  return {
    /** The photo its URL names, whoever owns it, or null. */
    async findPhoto(photoId: string): Promise<StoredUpload | null> {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('photo_id', '=', photoId)
        .executeTakeFirst();
      return row ? toStored(row) : null;
    },

    /** The owner's photo under the device's id, shaped for the client, or null. */
    async findOwn(ownerId: string, id: string): Promise<Upload | null> {
      const row = await ownRow(ownerId, id);
      return row ? toUpload(row) : null;
    },

    /** The owner's photo under the device's id, as stored, or null. */
    async findOwnStored(ownerId: string, id: string): Promise<StoredUpload | null> {
      const row = await ownRow(ownerId, id);
      return row ? toStored(row) : null;
    },

    /** The bytes the owner's photos take, as stored. */
    storedBytes,

    /**
     * Records a stored photo once per owner and device id, if the owner's photos stay within
     * `quotaBytes` with it; a second record of the same id changes nothing. Must run inside a
     * unit of work: the owner's photos are locked until it ends, so two photos sent at once
     * cannot both fit in the room left for one.
     */
    async recordWithinQuota(upload: NewUpload, quotaBytes: number): Promise<RecordOutcome> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${upload.ownerId}`}, 0))`.execute(
        db,
      );
      const existing = await db
        .selectFrom('uploads')
        .select('id')
        .where('owner_id', '=', upload.ownerId)
        .where('id', '=', upload.id)
        .executeTakeFirst();
      if (existing) return 'exists';
      if ((await storedBytes(upload.ownerId)) + upload.byteSize > quotaBytes) return 'over-quota';
      const inserted = await db
        .insertInto('uploads')
        .values({
          id: upload.id,
          photo_id: upload.photoId,
          owner_id: upload.ownerId,
          content_type: upload.contentType,
          byte_size: upload.byteSize,
          storage_key: upload.storageKey,
        })
        .onConflict((conflict) => conflict.columns(['owner_id', 'id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted === undefined ? 'exists' : 'created';
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
