import type { Kysely } from 'kysely';

/**
 * A sign-up through a care invitation. `care_invitations.signed_up_by` names the unconfirmed
 * account whose sign-up used the invitation's link as its code: once that account confirms its
 * address, the invitation is accepted for it. Null for any other; the account's later sign-up
 * without the link clears it, and an account removed unconfirmed leaves nothing behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('care_invitations')
    .addColumn('signed_up_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('care_invitations_signed_up_by_idx')
    .on('care_invitations')
    .column('signed_up_by')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('care_invitations_signed_up_by_idx').execute();
  await db.schema.alterTable('care_invitations').dropColumn('signed_up_by').execute();
}
