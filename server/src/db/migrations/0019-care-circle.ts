import { sql, type Kysely } from 'kysely';

const relationships = sql`('spouse', 'son', 'daughter', 'parent', 'sibling', 'other')`;

/**
 * The care circle.
 *
 * `care_grants`: one per patient and person acting for them, with what they may do (the
 * record, the care-team conversation, visits). A guardian's grant is of a dependent, a
 * patient without a login of their own, and allows everything. Removing access deletes the
 * row: the access rule reads it on every request, so removal holds at the next one.
 *
 * `care_invitations`: an invitation mailed to an address, found by the hash of its link's
 * token (the token itself is never stored), valid until `expires_at` and used at most once.
 *
 * `agent_id` of a message and a visit: the person who wrote it or brought the patient in for
 * them, when not the patient (FHIR: the agent acting `onBehalfOf`; an appointment's
 * `booked_by` says the same). Care teams read "Hari Sharma for Sita Sharma"; a doctor's queue
 * shows the child with the guardian.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('care_grants')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('patient_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('caregiver_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('relationship', 'text', (col) =>
      col.notNull().check(sql`relationship in ${relationships}`),
    )
    .addColumn('may_record', 'boolean', (col) => col.notNull())
    .addColumn('may_message', 'boolean', (col) => col.notNull())
    .addColumn('may_visits', 'boolean', (col) => col.notNull())
    .addColumn('guardian', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('care_grants_patient_caregiver_key', ['patient_id', 'caregiver_id'])
    .addCheckConstraint('care_grants_not_self', sql`patient_id <> caregiver_id`)
    .execute();
  await db.schema
    .createIndex('care_grants_caregiver_idx')
    .on('care_grants')
    .columns(['caregiver_id', 'patient_id'])
    .execute();

  await db.schema
    .createTable('care_invitations')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('patient_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('relationship', 'text', (col) =>
      col.notNull().check(sql`relationship in ${relationships}`),
    )
    .addColumn('may_record', 'boolean', (col) => col.notNull())
    .addColumn('may_message', 'boolean', (col) => col.notNull())
    .addColumn('may_visits', 'boolean', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'accepted', 'cancelled')`),
    )
    .addColumn('accepted_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('care_invitations_patient_idx')
    .on('care_invitations')
    .columns(['patient_id', 'status'])
    .execute();

  for (const table of ['messages', 'visits']) {
    await db.schema
      .alterTable(table)
      .addColumn('agent_id', 'text', (col) => col.references('user.id').onDelete('set null'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['messages', 'visits']) {
    await db.schema.alterTable(table).dropColumn('agent_id').execute();
  }
  await db.schema.dropTable('care_invitations').execute();
  await db.schema.dropTable('care_grants').execute();
}
