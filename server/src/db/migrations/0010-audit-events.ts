import { sql, type Kysely } from 'kysely';

/**
 * The audit trail: who did or saw what, when, from where, and how it ended, shaped like
 * FHIR's AuditEvent. Entries are only ever added. The database itself refuses to change
 * them, and deletes them only for the retention prune, which says so for its own
 * transaction (`sewa.audit_prune`). Agents and records are kept as plain ids, without
 * foreign keys: an entry outlives the account or record it names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('recorded_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`clock_timestamp()`),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('C','R','U','D','E')`))
    .addColumn('outcome', 'text', (col) =>
      col.notNull().check(sql`outcome in ('success', 'failure')`),
    )
    .addColumn('agent_id', 'text')
    .addColumn('agent_role', 'text')
    .addColumn('client_address', 'text')
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    // Whose data the record is, when it is a person's: a patient's conversation, photo or visit.
    .addColumn('subject_id', 'text')
    .addColumn('detail', 'jsonb')
    .execute();
  await db.schema
    .createIndex('audit_events_recorded_idx')
    .on('audit_events')
    // Entries arrive in time order: a BRIN index finds a time range for a fraction of a
    // btree's cost on every write.
    .using('brin')
    .column('recorded_at')
    .execute();
  await db.schema
    .createIndex('audit_events_agent_idx')
    .on('audit_events')
    .columns(['agent_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_events_entity_idx')
    .on('audit_events')
    .columns(['entity_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_events_subject_idx')
    .on('audit_events')
    .columns(['subject_id', 'id'])
    .execute();

  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('sewa.audit_prune', true) = 'on' then
        return old;
      end if;
      raise exception 'Audit entries are never changed or deleted'
        using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`
    create trigger audit_events_append_only before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);
  await sql`
    create trigger audit_events_no_truncate before truncate on audit_events
    for each statement execute function audit_events_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  await sql`drop function audit_events_append_only()`.execute(db);
}
