import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * How often each process checks its health and notes a passing minute: twice a minute, so a
 * timer's drift never leaves a healthy minute without its row.
 */
export const healthRecordIntervalMs = 30_000;

/** How long the minutes of passing checks are kept: the uptime window and a day more. */
const keptDays = 31;

/** The server's own record of its health checks: one row per minute someone passed. */
export function healthRepository(db: Kysely<Database>) {
  return {
    /** Notes that a check passed in this minute; the processes that also did share the row. */
    async notePassed(): Promise<void> {
      await sql`insert into health_checks (minute) values (date_trunc('minute', now()))
        on conflict (minute) do nothing`.execute(db);
    },

    /**
     * The share of minutes with a passing check, in percent, over the last `days` days or
     * since the first record if that is later; null before any record. The minute under way
     * counts once a check in it has passed: until then it has had no chance to.
     */
    async uptimePercent(days: number): Promise<number | null> {
      const { rows } = await sql<{ passed: string | number; minutes: string | number | null }>`
        with span as (
          select
            greatest(
              (select min(minute) from health_checks),
              date_trunc('minute', now()) - make_interval(days => ${days})
            ) as since,
            date_trunc('minute', now()) as current
        )
        select
          (select count(*) from health_checks, span where minute >= span.since) as passed,
          (select floor(extract(epoch from (span.current - span.since)) / 60)
             + case when exists (select 1 from health_checks where minute = span.current)
                 then 1 else 0 end
             from span) as minutes`.execute(db);
      const row = rows[0];
      if (!row || row.minutes === null || Number(row.minutes) <= 0) return null;
      return Math.min(100, (Number(row.passed) / Number(row.minutes)) * 100);
    },

    async prune(): Promise<void> {
      await db
        .deleteFrom('health_checks')
        .where('minute', '<', sql<Date>`now() - make_interval(days => ${keptDays})`)
        .execute();
    },
  };
}

export type HealthRepository = ReturnType<typeof healthRepository>;
