import type { Kysely } from 'kysely';

/**
 * An agent may act for someone else (a caregiver for a family member): the entry names
 * that patient beside the agent, as FHIR AuditEvent's `agent.onBehalfOf` does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_events').addColumn('on_behalf_of', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('on_behalf_of').execute();
}
