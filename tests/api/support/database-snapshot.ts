import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema';

/**
 * Tables whose rows change by design whatever a call asks: abuse counters count refused
 * calls too, a session's activity is any request it makes, each process notes its passing
 * health checks minute by minute, an open event stream marks its reader's screen open, and
 * the migration tables belong to the migrator.
 */
const volatile = new Set([
  'rate_limit_counters',
  'session_activity',
  'health_checks',
  'open_screens',
  'kysely_migration',
  'kysely_migration_lock',
]);

/**
 * What a request decides of a stored notification: that it exists, for whom and why, and
 * whether it was withdrawn. Its delivery (tries, outcome, times) is the sender's, which works
 * in the background whatever a call asks, and retries a push service or gateway that is not
 * there for a test.
 */
const notificationColumns = sql`(id, idempotency_key, user_id, kind, channel, appointment_id,
  status = 'withdrawn')`;

/**
 * Texts a call queued leave in the background, and outside production they land in the
 * development outbox beside mail. Before a snapshot, the texts already due are given time
 * to go, so a call's snapshot does not catch the delivery of the call before it.
 */
export async function settleDueTexts(db: Kysely<Database>, waitMs = 10_000): Promise<void> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const { rows } = await sql<{ waiting: string }>`
      select count(*)::text as waiting from notifications
      where channel = 'sms' and status = 'pending' and due_at <= now()`.execute(db);
    if (rows[0]?.waiting === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Row count and a checksum of every row, per table of the current schema; of the audit
 * trail, the entries that claim success; of notifications, what a request decides.
 */
export async function snapshotDatabase(db: Kysely<Database>): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  // One statement for every table: the bad-input property takes two snapshots per refused
  // call, and a round trip per table made them most of its time.
  const counted = tables
    .filter(({ name }) => !volatile.has(name))
    .map(({ name }) => {
      // A refused sign-in is recorded, as a failure: the trail may grow by failures only.
      const only = name === 'audit_events' ? sql`where outcome = 'success'` : sql``;
      const row = name === 'notifications' ? notificationColumns : sql`t`;
      return sql`
        select ${name}::text as name, count(*)::text as rows,
          md5(string_agg(${row}::text, '|' order by ${row}::text)) as sum
        from ${sql.table(name)} t ${only}`;
    });
  const { rows } = await sql<{ name: string; rows: string; sum: string | null }>`
    ${sql.join(counted, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.sum ?? ''}`]));
}
