import * as z from 'zod/mini';
import type { Notifications } from '../db/database';
import { checkAgainAnnouncements } from './check-again-announcements';

/** The PostgreSQL channel every server process announces ended sessions on. */
export const sessionEndingsChannel = 'session_ended';

const endingSchema = z.object({ userId: z.string() });

/** Whose session ended: only the account's id, never the session's token. */
export type SessionEnding = z.infer<typeof endingSchema>;

/**
 * Sessions signed out or revoked, across server processes: a push stream watches its
 * account's sessions, so one ended from another device (revoked, or every session after a
 * password reset) closes at once rather than at the stream's next scheduled check. A shared
 * clinic tablet then forgets the person within seconds.
 */
export function sessionEndings(notifications: Notifications) {
  return checkAgainAnnouncements(
    notifications,
    sessionEndingsChannel,
    endingSchema,
    (watched, ended) => watched.userId === ended.userId,
  );
}

export type SessionEndings = ReturnType<typeof sessionEndings>;
