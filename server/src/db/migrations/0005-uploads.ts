import { sql, type Kysely } from 'kysely';

/**
 * Photos sent from the camera sheet. The id is chosen by the device, so a photo
 * sent twice (an answer lost on a bad connection) is stored once; the bytes live
 * under DATA_DIR at `storage_key`, the database only says whose they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (col) =>
      col.notNull().check(sql`content_type in ('image/jpeg', 'image/png')`),
    )
    .addColumn('byte_size', 'integer', (col) => col.notNull().check(sql`byte_size > 0`))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('uploads_owner_created_idx')
    .on('uploads')
    .columns(['owner_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
