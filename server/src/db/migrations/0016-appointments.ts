import { sql, type Kysely } from 'kysely';

const statuses = sql`('booked', 'checked_in', 'in_visit', 'finished', 'cancelled', 'no_show')`;
/** The statuses that hold a slot (`slotHoldingStatuses` in `shared/appointments.ts`). */
const holding = sql`('booked', 'checked_in', 'in_visit', 'finished')`;

/**
 * Doctors' hours and appointments, shaped for FHIR R4. `doctor_hours` and
 * `doctor_working_days` are a Schedule (the actor, its planning horizon by weekday and span,
 * on the clinic's clock), `doctor_days_off` its exceptions; the free Slots are computed from
 * them, never stored. `appointments` is an Appointment: participant patient and practitioner,
 * start and end, status (booked, checked-in, fulfilled, cancelled, noshow), the reason in the
 * patient's words, and the visit checking in opened (the Encounter).
 *
 * No double booking is the database's to hold, not a check before the insert: one slot start
 * per doctor among the appointments that hold a slot, and one per patient, doctor and clinic
 * day. Of two bookings at the same moment, the second insert fails on the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('doctor_hours')
    .addColumn('doctor_id', 'text', (col) =>
      col.primaryKey().references('user.id').onDelete('cascade'),
    )
    .addColumn('slot_minutes', 'integer', (col) =>
      col.notNull().check(sql`slot_minutes between 5 and 120`),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('doctor_working_days')
    .addColumn('doctor_id', 'text', (col) =>
      col.notNull().references('doctor_hours.doctor_id').onDelete('cascade'),
    )
    // 0 is Sunday, as `clinicWeekday` counts.
    .addColumn('weekday', 'smallint', (col) => col.notNull().check(sql`weekday between 0 and 6`))
    // Minutes since the clinic's midnight: 450 is 07:30, 1140 is 19:00.
    .addColumn('start_minute', 'smallint', (col) =>
      col.notNull().check(sql`start_minute between 0 and 1439`),
    )
    .addColumn('end_minute', 'smallint', (col) =>
      col.notNull().check(sql`end_minute between 1 and 1440`),
    )
    .addPrimaryKeyConstraint('doctor_working_days_pkey', ['doctor_id', 'weekday'])
    .addCheckConstraint('doctor_working_days_span_check', sql`end_minute > start_minute`)
    .execute();

  await db.schema
    .createTable('doctor_days_off')
    .addColumn('doctor_id', 'text', (col) =>
      col.notNull().references('doctor_hours.doctor_id').onDelete('cascade'),
    )
    .addColumn('day', 'date', (col) => col.notNull())
    .addPrimaryKeyConstraint('doctor_days_off_pkey', ['doctor_id', 'day'])
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('patient_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('doctor_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ${statuses}`))
    .addColumn('starts_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    // The clinic day it starts on, kept beside the moment so the one-a-day key can hold it.
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('reason', 'text', (col) =>
      col
        .notNull()
        .defaultTo('')
        .check(sql`char_length(reason) <= 200`),
    )
    .addColumn('booked_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('booked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('visit_id', 'uuid', (col) => col.references('visits.id').onDelete('set null'))
    .addCheckConstraint('appointments_span_check', sql`ends_at > starts_at`)
    .execute();
  await sql`create unique index appointments_one_per_slot_idx
    on appointments (doctor_id, starts_at) where status in ${holding}`.execute(db);
  await sql`create unique index appointments_one_a_day_idx
    on appointments (patient_id, doctor_id, day) where status in ${holding}`.execute(db);
  await db.schema
    .createIndex('appointments_patient_idx')
    .on('appointments')
    .columns(['patient_id', 'starts_at'])
    .execute();
  // A doctor's day, the free slots, today's figures and the no-show sweep.
  await db.schema
    .createIndex('appointments_doctor_day_idx')
    .on('appointments')
    .columns(['doctor_id', 'day', 'starts_at'])
    .execute();
  await sql`create index appointments_booked_idx on appointments (starts_at)
    where status = 'booked'`.execute(db);
  await sql`create unique index appointments_visit_idx on appointments (visit_id)
    where visit_id is not null`.execute(db);

  // A visit opened by checking in keeps its appointment: the queue orders by its time.
  await db.schema
    .alterTable('visits')
    .addColumn('appointment_id', 'uuid', (col) =>
      col.references('appointments.id').onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('visits').dropColumn('appointment_id').execute();
  await db.schema.dropTable('appointments').execute();
  await db.schema.dropTable('doctor_days_off').execute();
  await db.schema.dropTable('doctor_working_days').execute();
  await db.schema.dropTable('doctor_hours').execute();
}
