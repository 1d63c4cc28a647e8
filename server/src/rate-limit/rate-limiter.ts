import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface Limit {
  /** Most hits allowed in one window. */
  max: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so every server process on one
 * database shares them. One statement counts and decides, so concurrent hits
 * cannot both slip under the limit.
 */
export function rateLimiter(db: Kysely<Database>) {
  return {
    async hit(key: string, limit: Limit): Promise<RateDecision> {
      const window = sql`make_interval(secs => ${limit.windowSeconds})`;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, hits: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql`case when rate_limit_counters.window_started_at <= now() - ${window}
              then 1 else rate_limit_counters.hits + 1 end`,
            window_started_at: sql`case when rate_limit_counters.window_started_at <= now() - ${window}
              then now() else rate_limit_counters.window_started_at end`,
          }),
        )
        .returning([
          'hits',
          sql<number>`ceil(extract(epoch from (window_started_at + ${window} - now())))::int`.as(
            'seconds_left',
          ),
        ])
        .executeTakeFirstOrThrow();
      return {
        allowed: row.hits <= limit.max,
        retryAfterSeconds: Math.max(1, row.seconds_left),
      };
    },

    /** Gives one hit back, within the counter's current window: a counted attempt that turned out fine. */
    async refund(key: string): Promise<void> {
      await db
        .updateTable('rate_limit_counters')
        .set({ hits: sql`greatest(hits - 1, 0)` })
        .where('key', '=', key)
        .execute();
    },

    /**
     * The counters under `prefix` past the limit in their current window, with when the
     * window ends: who is being refused now.
     */
    async usedUp(
      prefix: string,
      limit: Limit,
    ): Promise<{ key: string; hits: number; until: Date }[]> {
      const window = sql`make_interval(secs => ${limit.windowSeconds})`;
      const rows = await db
        .selectFrom('rate_limit_counters')
        .select(['key', 'hits', sql<Date>`window_started_at + ${window}`.as('until')])
        .where('key', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
        .where('hits', '>', limit.max)
        .where('window_started_at', '>', sql<Date>`now() - ${window}`)
        .orderBy('window_started_at', 'desc')
        .execute();
      return rows.map((row) => ({ key: row.key, hits: row.hits, until: new Date(row.until) }));
    },

    /** Drops counters whose window ended long ago; run now and then. */
    async prune(olderThanSeconds = 24 * 60 * 60): Promise<void> {
      await db
        .deleteFrom('rate_limit_counters')
        .where(
          'window_started_at',
          '<',
          sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`,
        )
        .execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
