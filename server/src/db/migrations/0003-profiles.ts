import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('gender', 'text', (col) =>
      col.check(sql`gender in ('male', 'female', 'other', 'prefer_not_say')`),
    )
    .addColumn('age', 'integer', (col) => col.check(sql`age between 0 and 120`))
    .addColumn('date_system', 'text', (col) => col.check(sql`date_system in ('ad', 'bs')`))
    .addColumn('dob_ad', 'date')
    .addColumn('dob_bs', 'text')
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('patient')
        .check(sql`role in ('patient', 'doctor', 'manager', 'admin', 'superadmin', 'researcher')`),
    )
    .addColumn('avatar_url', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('profiles_role_idx').on('profiles').column('role').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profiles').execute();
}
