import type { Kysely } from 'kysely';
import { defaultRole, roleSchema, type Role } from '@shared/role';
import type { Database } from '../db/schema';

export interface Caller {
  id: string;
  email: string;
  role: Role;
  /**
   * The session this call came in on: what a device's push subscription is bound to, so it
   * ends with that sign-in. Absent for an account looked up by id alone.
   */
  sessionId?: string;
}

function roleOf(stored: string | null): Role {
  const role = roleSchema.safeParse(stored);
  return role.success ? role.data : defaultRole;
}

/** The statements behind "who is calling": one each, the account with its role. */
export function callerQueries(db: Kysely<Database>) {
  const accounts = () =>
    db
      .selectFrom('user')
      .leftJoin('profiles', 'profiles.id', 'user.id')
      .select(['user.id', 'user.email', 'profiles.role']);

  return {
    async byId(id: string): Promise<Caller | null> {
      const row = await accounts().where('user.id', '=', id).executeTakeFirst();
      return row ? { id: row.id, email: row.email, role: roleOf(row.role) } : null;
    },

    /**
     * A JWT's account and when its session ends, while that session of that account exists
     * and the account is not deactivated.
     */
    async byTokenSession(
      userId: string,
      sessionId: string,
    ): Promise<(Caller & { expiresAt: Date }) | null> {
      const row = await accounts()
        .innerJoin('session', 'session.userId', 'user.id')
        .select('session.expiresAt')
        .where('session.id', '=', sessionId)
        .where('user.id', '=', userId)
        .where('profiles.deactivated_at', 'is', null)
        .executeTakeFirst();
      return row
        ? { id: row.id, email: row.email, role: roleOf(row.role), expiresAt: row.expiresAt }
        : null;
    },

    /**
     * The session's account, the session's id, and when the session ends; none for an account
     * that was deactivated, whose sessions end with it.
     */
    async bySessionToken(
      token: string,
    ): Promise<(Caller & { sessionId: string; expiresAt: Date }) | null> {
      const row = await accounts()
        .innerJoin('session', 'session.userId', 'user.id')
        .select(['session.id as sessionId', 'session.expiresAt'])
        .where('session.token', '=', token)
        .where('profiles.deactivated_at', 'is', null)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            email: row.email,
            role: roleOf(row.role),
            sessionId: row.sessionId,
            expiresAt: row.expiresAt,
          }
        : null;
    },
  };
}
