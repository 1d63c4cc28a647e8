import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One device's subscription as the push sender needs it. */
export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Push subscriptions: one per device (its endpoint), for the person signed in on it, bound
 * to the session that subscribed, so the row goes when that session ends.
 */
export function pushSubscriptionsRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores the device's subscription for this person and session. An endpoint already
     * stored moves to whoever subscribes on it now: the device has one reader at a time.
     * True when the endpoint was new.
     */
    async upsert(
      userId: string,
      sessionId: string,
      subscription: StoredPushSubscription,
    ): Promise<boolean> {
      const row = await db
        .insertInto('push_subscriptions')
        .values({
          endpoint: subscription.endpoint,
          user_id: userId,
          session_id: sessionId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        })
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            session_id: eb.ref('excluded.session_id'),
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
          })),
        )
        // `xmax = 0` only on a row this statement inserted.
        .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
        .executeTakeFirstOrThrow();
      return row.inserted;
    },

    /** Removes the person's own subscription at this endpoint; someone else's stays. */
    async deleteForUser(userId: string, endpoint: string): Promise<void> {
      await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .execute();
    },

    /** The person's devices, oldest subscription first. */
    async listForUser(userId: string): Promise<StoredPushSubscription[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('endpoint')
        .execute();
      return rows.map((row) => ({
        endpoint: row.endpoint,
        keys: { p256dh: row.p256dh, auth: row.auth },
      }));
    },

    /** Forgets a subscription its push service says is gone. */
    async deleteGone(endpoint: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof pushSubscriptionsRepository>;
