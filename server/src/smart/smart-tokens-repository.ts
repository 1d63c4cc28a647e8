import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A live access token: its client (registered and not removed) and the scope it was granted. */
export interface LiveToken {
  clientId: string;
  scope: string;
}

/**
 * The assertions accepted and the access tokens given, shared by every server on the database:
 * an assertion's `jti` is taken once by one statement, and a token is found by its hash, with
 * the database's clock deciding what has expired.
 */
export function smartTokensRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes the assertion's `jti` for its client; false when it was taken before. Two servers
     * given one assertion at once run into the primary key: one insert wins.
     */
    async takeAssertion(clientId: string, jti: string, expiresAt: Date): Promise<boolean> {
      const row = await db
        .insertInto('smart_used_assertions')
        .values({ client_id: clientId, jti, expires_at: expiresAt })
        .onConflict((conflict) => conflict.columns(['client_id', 'jti']).doNothing())
        .returning('jti')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Stores a token by its hash, to live `seconds` from now on the database's clock. */
    async addToken(tokenHash: string, clientId: string, scope: string, seconds: number) {
      await db
        .insertInto('smart_access_tokens')
        .values({
          token_hash: tokenHash,
          client_id: clientId,
          scope,
          expires_at: sql<Date>`now() + make_interval(secs => ${seconds})`,
        })
        .execute();
    },

    /** The token with this hash while it lives and its client is not removed; else null. */
    async liveToken(tokenHash: string): Promise<LiveToken | null> {
      const row = await db
        .selectFrom('smart_access_tokens as t')
        .innerJoin('smart_clients as c', 'c.id', 't.client_id')
        .select(['t.client_id', 't.scope'])
        .where('t.token_hash', '=', tokenHash)
        .where('t.expires_at', '>', sql<Date>`now()`)
        .where('c.removed_at', 'is', null)
        .executeTakeFirst();
      return row ? { clientId: row.client_id, scope: row.scope } : null;
    },

    /**
     * Drops expired tokens, and the assertions an hour past their expiry: refused as expired
     * anyway by then, even by an app server whose clock runs behind the database's.
     */
    async prune(): Promise<void> {
      await db
        .deleteFrom('smart_used_assertions')
        .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
        .execute();
      await db
        .deleteFrom('smart_access_tokens')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
    },
  };
}

export type SmartTokensRepository = ReturnType<typeof smartTokensRepository>;
