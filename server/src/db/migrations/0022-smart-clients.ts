import { sql, type Kysely } from 'kysely';

/**
 * SMART Backend Services: the systems (a hospital, a lab) the superadmin registered to read
 * the FHIR API without a person, the assertions they signed that were accepted (each `jti`
 * once per client, so a copied assertion is refused on every server), and the access tokens
 * they were given, kept only as hashes. A removed client keeps its row (`removed_at`) for the
 * audit trail, and its tokens stop working with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('smart_clients')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // The client's public keys as a JWK Set, public members only.
    .addColumn('jwks', 'jsonb', (col) => col.notNull())
    // The scopes it may be granted, as registered (`system/Observation.rs`, `system/*.read`).
    .addColumn('scopes', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'timestamptz')
    .addColumn('removed_by', 'text')
    .execute();

  await db.schema
    .createTable('smart_used_assertions')
    .addColumn('client_id', 'uuid', (col) => col.notNull().references('smart_clients.id'))
    .addColumn('jti', 'text', (col) => col.notNull())
    // Past this the assertion is refused as expired anyway, and the row can go.
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    // Two servers given the same assertion at once: one insert wins, the other is a replay.
    .addPrimaryKeyConstraint('smart_used_assertions_pkey', ['client_id', 'jti'])
    .execute();
  await db.schema
    .createIndex('smart_used_assertions_expiry_idx')
    .on('smart_used_assertions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('smart_access_tokens')
    // SHA-256 of the token, hex: the token itself is never stored.
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('client_id', 'uuid', (col) => col.notNull().references('smart_clients.id'))
    // The scope granted, space-separated, as the token answer gave it.
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('smart_access_tokens_expiry_idx')
    .on('smart_access_tokens')
    .column('expires_at')
    .execute();

  // A system's reads are recorded with no account as the agent and the client in the entry's
  // detail; the superadmin finds them by the client's id as by a record's.
  await sql`create index audit_events_smart_client_idx on audit_events
    ((detail->>'smartClient'), id) where (detail->>'smartClient') is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_events_smart_client_idx`.execute(db);
  await db.schema.dropTable('smart_access_tokens').execute();
  await db.schema.dropTable('smart_used_assertions').execute();
  await db.schema.dropTable('smart_clients').execute();
}
