import { sql, type Kysely } from 'kysely';

const kinds = sql`('care-team-answered', 'doctor-is-in', 'appointment-booked', 'appointment-moved',
  'appointment-cancelled', 'appointment-tomorrow', 'appointment-in-an-hour', 'check-in-open',
  'medication-due', 'patient-in-queue', 'patient-checked-in')`;
const outcomes = sql`('pending', 'sent', 'failed', 'withdrawn', 'skipped', 'unconfirmed')`;

/**
 * Notifications that reach a closed phone.
 *
 * `push_subscriptions`: one per device (its push endpoint), for the person signed in on it
 * and only while the session that subscribed lasts: on a shared tablet, the next person's
 * notifications never go to the last one's subscription, nor theirs to the next.
 *
 * `notification_settings`: what a person chose (texts, medication reminders, quiet hours on
 * the clinic's clock, in minutes since midnight) and the language their texts are written in.
 * No row: the defaults.
 *
 * `notifications`: one per notification and channel, under a key its cause gives it
 * (`doctor-is-in:<visit>:sms`), so however often the cause is replayed, from however many
 * servers, there is one row and one send. The job queue only wakes a sender; this row says
 * whether it went. Who, channel, kind and outcome, never the words.
 *
 * `open_screens`: which server processes hold an open event stream of whose, refreshed with
 * the stream's heartbeat, so "the care team answered" goes only to someone not looking.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (col) =>
      col.notNull().references('session.id').onDelete('cascade'),
    )
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('texts', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('medication_reminders', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('quiet_start_minute', 'smallint', (col) =>
      col
        .notNull()
        .defaultTo(21 * 60)
        .check(sql`quiet_start_minute between 0 and 1439`),
    )
    .addColumn('quiet_end_minute', 'smallint', (col) =>
      col
        .notNull()
        .defaultTo(7 * 60)
        .check(sql`quiet_end_minute between 0 and 1439`),
    )
    .addColumn('language', 'text', (col) =>
      col
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'ne')`),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ${kinds}`))
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('push', 'sms')`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ${outcomes}`),
    )
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Reminders wait for quiet hours to end; the rest go at once.
    .addColumn('respects_quiet_hours', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('due_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Set when a sender hands it to the push service or the gateway; a row still pending with
    // it set was cut off mid-send by a server that stopped.
    .addColumn('sending_since', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('appointment_id', 'uuid', (col) =>
      col.references('appointments.id').onDelete('set null'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notifications_due_idx')
    .on('notifications')
    .columns(['due_at desc'])
    .execute();
  await db.schema
    .createIndex('notifications_appointment_idx')
    .on('notifications')
    .column('appointment_id')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('open_screens')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('open_screens_pk', ['user_id', 'process_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('open_screens').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
