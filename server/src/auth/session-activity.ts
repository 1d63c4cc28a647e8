import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A session's activity is written at most this often by one process. */
const writeEveryMs = 60_000;
/** Past this many sessions remembered, the memory of what was written starts afresh. */
const rememberedSessions = 10_000;

interface Log {
  warn(detail: object, message: string): void;
}

/**
 * When each session last made a request, for the count of active sessions. A request costs
 * no statement of its own: one process writes a session's time at most once a minute, after
 * the caller is known and without holding the request up. A write that fails (the session
 * ended meanwhile, the database busy) is only a figure a minute behind.
 */
export function sessionActivity(db: Kysely<Database>, log?: Log) {
  const written = new Map<string, number>();
  return {
    seen(sessionId: string, now = Date.now()): void {
      const last = written.get(sessionId);
      if (last !== undefined && now - last < writeEveryMs) return;
      if (written.size >= rememberedSessions) written.clear();
      written.set(sessionId, now);
      const seenAt = new Date(now);
      db.insertInto('session_activity')
        .values({ session_id: sessionId, seen_at: seenAt })
        .onConflict((conflict) => conflict.column('session_id').doUpdateSet({ seen_at: seenAt }))
        .execute()
        .catch((error: unknown) => log?.warn({ err: error }, 'session activity not written'));
    },
  };
}

export type SessionActivity = ReturnType<typeof sessionActivity>;
