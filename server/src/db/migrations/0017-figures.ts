import { sql, type Kysely } from 'kysely';

/**
 * What the staff's figures count that nothing else records. `health_checks`: one row per
 * minute in which a server process found itself healthy (several processes share the row),
 * so a minute without one is a minute nobody could serve. `session_activity`: when each
 * session last made a request, written at most once a minute per session and process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('health_checks')
    .addColumn('minute', 'timestamptz', (col) => col.primaryKey())
    .execute();

  await db.schema
    .createTable('session_activity')
    .addColumn('session_id', 'text', (col) =>
      col.primaryKey().references('session.id').onDelete('cascade'),
    )
    .addColumn('seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('session_activity_seen_idx')
    .on('session_activity')
    .column('seen_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_activity').execute();
  await db.schema.dropTable('health_checks').execute();
}
