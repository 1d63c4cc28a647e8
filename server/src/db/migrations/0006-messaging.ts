import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('title', 'text')
    .addColumn('participant_ids', sql`text[]`, (col) => col.notNull())
    .addColumn('is_care_team', 'boolean', (col) => col.notNull().defaultTo(false))
    // The patient a care-team conversation belongs to; unique, so two tabs creating it
    // at the same moment still leave one conversation.
    .addColumn('care_team_patient_id', 'text', (col) =>
      col.unique().references('user.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'conversations_care_team_patient_check',
      sql`is_care_team = (care_team_patient_id is not null)`,
    )
    .execute();
  // "Where participant_ids contains me" uses the array containment operator, which GIN serves.
  await sql`create index conversations_participants_idx on conversations using gin (participant_ids)`.execute(
    db,
  );
  await db.schema
    .createIndex('conversations_care_team_created_idx')
    .on('conversations')
    .column('created_at')
    .where(sql.ref('is_care_team'), '=', true)
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('conversation_id', 'uuid', (col) =>
      col.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (col) =>
      col.notNull().check(sql`char_length(content) between 1 and 4000`),
    )
    .addColumn('created_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`clock_timestamp()`),
    )
    .execute();
  // Oldest first within a conversation, and the newest one for the list's last message.
  await db.schema
    .createIndex('messages_conversation_created_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
