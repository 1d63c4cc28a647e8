import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Better Auth keeps each passkey challenge, mailed code and reset token in its
 * `verification` table and removes one only when it is used or read after its
 * expiry; challenges asked for and never answered would stay for good.
 */
export function expiredVerifications(db: Kysely<Database>) {
  return {
    async prune(graceSeconds = 60 * 60): Promise<void> {
      await sql`delete from "verification"
        where "expiresAt" < now() - make_interval(secs => ${graceSeconds})`.execute(db);
    },
  };
}
