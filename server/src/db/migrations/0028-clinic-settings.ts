import { sql, type Kysely } from 'kysely';

/**
 * A clinic's own settings, kept by its administrator: how patients reach it (a contact phone
 * and an address), the visit length its doctors' hours start from, and the announcement its
 * patients read on their home, in English and in Nepali, between two clinic days. An
 * announcement is whole or absent: both texts and both days, or none of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('clinics')
    .addColumn('contact_phone', 'text')
    .addColumn('address', 'text')
    .addColumn('visit_minutes', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(15)
        .check(sql`visit_minutes between 5 and 120`),
    )
    .addColumn('announcement_en', 'text')
    .addColumn('announcement_ne', 'text')
    .addColumn('announcement_from', 'date')
    .addColumn('announcement_to', 'date')
    .execute();
  await sql`alter table clinics add constraint clinics_announcement_whole check (
      (announcement_en is null and announcement_ne is null
        and announcement_from is null and announcement_to is null)
      or (announcement_en is not null and announcement_ne is not null
        and announcement_from is not null and announcement_to is not null
        and announcement_from <= announcement_to))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clinics drop constraint clinics_announcement_whole`.execute(db);
  await db.schema
    .alterTable('clinics')
    .dropColumn('contact_phone')
    .dropColumn('address')
    .dropColumn('visit_minutes')
    .dropColumn('announcement_en')
    .dropColumn('announcement_ne')
    .dropColumn('announcement_from')
    .dropColumn('announcement_to')
    .execute();
}
