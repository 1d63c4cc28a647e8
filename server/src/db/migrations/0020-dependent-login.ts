import type { Kysely } from 'kysely';

/**
 * A dependent's own login. `care_invitations.dependent_id` names the dependent an invitation
 * gives a login to: the guardian (`patient_id`, whose circle lists it) mails it to the
 * dependent's address, and claiming it gives the dependent's account that address and a
 * password. Null for an invitation to care for the patient.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('care_invitations')
    .addColumn('dependent_id', 'text', (col) => col.references('user.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('care_invitations_dependent_idx')
    .on('care_invitations')
    .columns(['dependent_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('care_invitations_dependent_idx').execute();
  await db.schema.alterTable('care_invitations').dropColumn('dependent_id').execute();
}
