import { sql, type Kysely } from 'kysely';

/**
 * People, as the admins and the superadmin keep them: an account deactivated (a person who
 * left) keeps everything it holds but can no longer sign in, and a staff member is invited by
 * mail with a role and a clinic. An invitation's link works once, until it expires; only its
 * token's hash is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('deactivated_at', 'timestamptz').execute();
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('clinic_id', 'uuid', (col) => col.references('clinics.id').onDelete('set null'))
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('accepted_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('staff_invitations_email_idx')
    .on('staff_invitations')
    .column('email')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.alterTable('profiles').dropColumn('deactivated_at').execute();
}
