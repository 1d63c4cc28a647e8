import { sql, type Kysely } from 'kysely';

/**
 * A patient's measurements, one row per FHIR R4 Observation: a LOINC code, a value with its
 * UCUM unit or a panel's components (blood pressure), when it was taken (effective) and
 * recorded, and who recorded it. The measures of one reading share the id the device chose
 * for it (`reading_id`), which keeps a resent reading from being stored twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('observations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reading_id', 'uuid', (col) => col.notNull())
    .addColumn('patient_id', 'text', (col) =>
      col.notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('value', 'numeric')
    .addColumn('unit', 'text')
    .addColumn('components', 'jsonb')
    .addColumn('effective_at', 'timestamptz', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('recorder_id', 'text', (col) => col.notNull().references('user.id'))
    .addColumn('recorder_role', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`recorder_role in ('patient', 'doctor', 'manager', 'admin', 'superadmin', 'researcher')`,
        ),
    )
    .addUniqueConstraint('observations_reading_code_key', ['patient_id', 'reading_id', 'code'])
    .addCheckConstraint(
      'observations_value_check',
      sql`value is not null or components is not null`,
    )
    .execute();
  await sql`create index observations_patient_effective_idx
    on observations (patient_id, effective_at desc)`.execute(db);
  // Removing an account looks here for what it recorded.
  await db.schema
    .createIndex('observations_recorder_idx')
    .on('observations')
    .column('recorder_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('observations').execute();
}
