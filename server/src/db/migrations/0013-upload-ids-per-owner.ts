import { sql, type Kysely } from 'kysely';

/**
 * A device's id for a photo is its owner's: the same id sent by another account is simply
 * that account's own photo, so no account learns which ids another has used. The photo
 * itself, as its URL and the audit trail name it, gets an id of the server's (`photo_id`);
 * the photos stored before keep their device's id there, so their URLs still work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('photo_id', 'text').execute();
  await sql`update uploads set photo_id = id`.execute(db);
  await db.schema
    .alterTable('uploads')
    .alterColumn('photo_id', (col) => col.setNotNull())
    .execute();
  await db.schema.alterTable('uploads').dropConstraint('uploads_pkey').execute();
  await db.schema
    .alterTable('uploads')
    .addPrimaryKeyConstraint('uploads_pkey', ['owner_id', 'id'])
    .execute();
  await db.schema
    .alterTable('uploads')
    .addUniqueConstraint('uploads_photo_id_key', ['photo_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropConstraint('uploads_pkey').execute();
  await db.schema.alterTable('uploads').dropConstraint('uploads_photo_id_key').execute();
  await sql`update uploads set id = photo_id`.execute(db);
  await db.schema.alterTable('uploads').addPrimaryKeyConstraint('uploads_pkey', ['id']).execute();
  await db.schema.alterTable('uploads').dropColumn('photo_id').execute();
}
