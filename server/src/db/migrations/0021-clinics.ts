import { sql, type Kysely } from 'kysely';

/**
 * The network's clinics, each reporting to Nepal's HMIS (DHIS2) as an organisation unit, and
 * the clinic a doctor or manager belongs to. A consultation counts for its doctor's clinic;
 * a doctor without one is counted under no clinic and sent nowhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clinics')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('org_unit_code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('clinic_id', 'uuid', (col) => col.references('clinics.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('profiles_clinic_idx').on('profiles').column('clinic_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('clinic_id').execute();
  await db.schema.dropTable('clinics').execute();
}
