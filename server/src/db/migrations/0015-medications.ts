import { sql, type Kysely } from 'kysely';

const timesOfDay = sql`array['morning', 'midday', 'evening', 'night']::text[]`;

/**
 * Medications, one row per FHIR R4 resource. `medication_requests` is a MedicationRequest:
 * the medicine and its strength (medicationCodeableConcept.text), the dose and the times of
 * day (dosageInstruction: text, timing.repeat.when MORN/NOON/EVE/NIGHT), the start day and
 * number of days (dispenseRequest.validityPeriod; none: ongoing), the instruction
 * (patientInstruction), its prescriber (requester) and when (authoredOn), and a stop with
 * who and why (status stopped, statusReason). `medication_administrations` is a
 * MedicationAdministration: one dose taken (effectiveDateTime), its prescription (request),
 * and who recorded it (performer). Both are keyed by the id the client chose, so a resend
 * stores nothing new, and a dose is recorded once per prescription, day and time of day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('medication_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('patient_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('prescriber_id', 'text', (col) => col.notNull().references('user.id'))
    .addColumn('medicine', 'text', (col) => col.notNull())
    .addColumn('dose', 'text', (col) => col.notNull())
    .addColumn('times', sql`text[]`, (col) =>
      col.notNull().check(sql`cardinality(times) > 0 and times <@ ${timesOfDay}`),
    )
    .addColumn('start_day', 'date', (col) => col.notNull())
    .addColumn('days', 'integer', (col) => col.check(sql`days between 1 and 365`))
    .addColumn('instruction', 'text')
    .addColumn('prescribed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('stopped_by', 'text', (col) => col.references('user.id'))
    .addColumn('stop_reason', 'text')
    .addCheckConstraint(
      'medication_requests_stop_check',
      sql`(stopped_at is null) = (stopped_by is null) and (stopped_at is null) = (stop_reason is null)`,
    )
    .execute();
  await db.schema
    .createIndex('medication_requests_patient_idx')
    .on('medication_requests')
    .column('patient_id')
    .execute();
  // Removing an account looks here for what it prescribed or stopped.
  await db.schema
    .createIndex('medication_requests_prescriber_idx')
    .on('medication_requests')
    .column('prescriber_id')
    .execute();

  await db.schema
    .createTable('medication_administrations')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('request_id', 'uuid', (col) =>
      col.notNull().references('medication_requests.id').onDelete('cascade'),
    )
    .addColumn('patient_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('time_of_day', 'text', (col) =>
      col.notNull().check(sql`time_of_day = any (${timesOfDay})`),
    )
    .addColumn('taken_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('recorder_id', 'text', (col) => col.notNull().references('user.id'))
    .addColumn('recorder_role', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`recorder_role in ('patient', 'doctor', 'manager', 'admin', 'superadmin', 'researcher')`,
        ),
    )
    .addUniqueConstraint('medication_administrations_dose_key', [
      'request_id',
      'day',
      'time_of_day',
    ])
    .execute();
  await db.schema
    .createIndex('medication_administrations_patient_day_idx')
    .on('medication_administrations')
    .columns(['patient_id', 'day'])
    .execute();
  await db.schema
    .createIndex('medication_administrations_recorder_idx')
    .on('medication_administrations')
    .column('recorder_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('medication_administrations').execute();
  await db.schema.dropTable('medication_requests').execute();
}
