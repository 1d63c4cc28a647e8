import { sql, type Kysely } from 'kysely';

/**
 * Virtual visits: the waiting room, the call and its summary. Every status change is
 * also a row of `visit_events`; `visit_signals` carries the call's negotiation between
 * the two participants, kept for a while so a reconnecting page can catch up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('patient_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('doctor_id', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`status in ('queued', 'waiting', 'in_progress', 'finished', 'cancelled', 'no_show')`,
        ),
    )
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('video', 'call')`))
    .addColumn('priority', 'text', (col) =>
      col.notNull().check(sql`priority in ('routine', 'urgent')`),
    )
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`char_length(reason) between 1 and 200`),
    )
    .addColumn('summary', 'text', (col) => col.check(sql`char_length(summary) <= 4000`))
    .addColumn('queued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('in_progress_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('patient_joined_at', 'timestamptz')
    .addColumn('doctor_joined_at', 'timestamptz')
    .addColumn('patient_seen_at', 'timestamptz')
    .addColumn('doctor_seen_at', 'timestamptz')
    .addColumn('summary_at', 'timestamptz')
    .execute();
  // A patient has at most one open visit, whatever the number of concurrent joins.
  await sql`create unique index visits_one_open_per_patient_idx on visits (patient_id)
    where status in ('queued', 'waiting', 'in_progress')`.execute(db);
  // The queue: urgent first, then oldest.
  await sql`create index visits_queue_idx on visits ((priority = 'urgent') desc, queued_at, id)
    where status = 'queued'`.execute(db);
  // The sweeps and today's figures.
  await sql`create index visits_open_status_idx on visits (status, started_at)
    where status in ('waiting', 'in_progress')`.execute(db);
  await db.schema.createIndex('visits_ended_idx').on('visits').column('ended_at').execute();
  await db.schema
    .createIndex('visits_patient_queued_idx')
    .on('visits')
    .columns(['patient_id', 'queued_at'])
    .execute();

  await db.schema
    .createTable('visit_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('visit_id', 'uuid', (col) =>
      col.notNull().references('visits.id').onDelete('cascade'),
    )
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    // Null when the system made the change (a no-show, a call left for good).
    .addColumn('actor_id', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('visit_events_visit_idx')
    .on('visit_events')
    .columns(['visit_id', 'id'])
    .execute();

  await db.schema
    .createTable('visit_signals')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('visit_id', 'uuid', (col) =>
      col.notNull().references('visits.id').onDelete('cascade'),
    )
    .addColumn('from_user_id', 'text', (col) => col.notNull())
    .addColumn('to_user_id', 'text', (col) => col.notNull())
    .addColumn('body', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('visit_signals_recipient_idx')
    .on('visit_signals')
    .columns(['visit_id', 'to_user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('visit_signals_created_idx')
    .on('visit_signals')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visit_signals').execute();
  await db.schema.dropTable('visit_events').execute();
  await db.schema.dropTable('visits').execute();
}
