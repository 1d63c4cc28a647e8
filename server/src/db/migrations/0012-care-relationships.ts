import { sql, type Kysely } from 'kysely';

/**
 * What the access policy asks on every read of someone else's record: whether a doctor has a
 * recent visit with the patient, or has answered in the patient's care-team conversation.
 * The bytes of each stored call signal, so a visit's total is summed from a column rather
 * than from every body. And a visit joined in one tap has no reason until the patient gives one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('visits_doctor_patient_idx')
    .on('visits')
    .columns(['doctor_id', 'patient_id'])
    .execute();
  await db.schema
    .createIndex('messages_conversation_sender_idx')
    .on('messages')
    .columns(['conversation_id', 'sender_id'])
    .execute();
  await db.schema
    .alterTable('visit_signals')
    .addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('visits').dropConstraint('visits_reason_check').execute();
  await db.schema
    .alterTable('visits')
    .addCheckConstraint('visits_reason_check', sql`char_length(reason) <= 200`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visits').dropConstraint('visits_reason_check').execute();
  await db.schema
    .alterTable('visits')
    .addCheckConstraint('visits_reason_check', sql`char_length(reason) between 1 and 200`)
    .execute();
  await db.schema.alterTable('visit_signals').dropColumn('bytes').execute();
  await db.schema.dropIndex('messages_conversation_sender_idx').execute();
  await db.schema.dropIndex('visits_doctor_patient_idx').execute();
}
