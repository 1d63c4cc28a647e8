import { sql, type Kysely } from 'kysely';

/**
 * The one confirmation link of an unconfirmed account that still works: the hash of
 * the token last mailed for it. A repeated sign-up or a resend replaces it, so every
 * earlier link stops working. Accounts from before this table have no row, so no link
 * mailed before it confirms anything; a new sign-up or resend mails one that does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('confirmation_links')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('mailed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('confirmation_links').execute();
}
