import { sql, type Kysely } from 'kysely';

/**
 * The moment a sender handed a notification to the gateway or a push service: set just before
 * the request goes out, cleared when the notification is taken again. A notification a stopped
 * server had taken but never handed over is sent again; one it had handed over is not (the
 * gateway may have it). What was being sent when this came in counts as handed over.
 *
 * The pending notifications by due time: a sweep looks for those whose job was lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('handed_at', 'timestamptz').execute();
  await sql`update notifications set handed_at = sending_since
    where status = 'pending' and sending_since is not null`.execute(db);
  await db.schema
    .createIndex('notifications_pending_due_idx')
    .on('notifications')
    .column('due_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_pending_due_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('handed_at').execute();
}
