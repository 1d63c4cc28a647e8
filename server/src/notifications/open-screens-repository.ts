import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A screen counts as open while its server has refreshed it this recently. */
export const openScreenFreshMs = 60_000;

export function openScreensRepository(db: Kysely<Database>) {
  return {
    /** This process still holds open screens of these people. */
    async refresh(processId: string, userIds: readonly string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insertInto('open_screens')
        .values(userIds.map((userId) => ({ user_id: userId, process_id: processId })))
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'process_id']).doUpdateSet({ seen_at: sql`now()` }),
        )
        .execute();
    },

    /** This process holds no screen of this person's any more. */
    async remove(processId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('open_screens')
        .where('process_id', '=', processId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Whether any server holds an open screen of this person's. */
    async anyOpen(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('open_screens')
        .select('user_id')
        .where('user_id', '=', userId)
        .where(
          'seen_at',
          '>',
          sql<Date>`now() - make_interval(secs => ${openScreenFreshMs / 1000})`,
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Rows a stopped process left behind. */
    async prune(): Promise<void> {
      await db
        .deleteFrom('open_screens')
        .where(
          'seen_at',
          '<',
          sql<Date>`now() - make_interval(secs => ${(openScreenFreshMs * 5) / 1000})`,
        )
        .execute();
    },
  };
}

export type OpenScreensRepository = ReturnType<typeof openScreensRepository>;
