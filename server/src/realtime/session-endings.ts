import * as z from 'zod/mini';
import type { Notifications } from '../db/database';
import { channelSubscribers } from './channel-subscribers';

/** The PostgreSQL channel every server process announces ended sessions on. */
export const sessionEndingsChannel = 'session_ended';

const endingSchema = z.object({ userId: z.string() });

/** Whose session ended: only the account's id, never the session's token. */
export type SessionEnding = z.infer<typeof endingSchema>;

interface Watcher extends SessionEnding {
  /** A session of this account ended, or announcements may have been lost: check again. */
  ended(): void;
  gap(): void;
}

/**
 * Sessions signed out or revoked, across server processes: a push stream watches its
 * account's sessions, so one ended from another device (revoked, or every session after a
 * password reset) closes at once rather than at the stream's next scheduled check. A shared
 * clinic tablet then forgets the person within seconds.
 */
export function sessionEndings(notifications: Notifications) {
  const channel = channelSubscribers<Watcher, SessionEnding>(
    notifications,
    sessionEndingsChannel,
    endingSchema,
    (ending, watchers) => {
      for (const watcher of watchers) {
        if (watcher.userId === ending.userId) watcher.ended();
      }
      return Promise.resolve();
    },
  );
  return {
    /** Tells every process that a session of this account ended. */
    announce: (userId: string) =>
      notifications.notify(sessionEndingsChannel, JSON.stringify({ userId })),
    /** Calls `ended` whenever a session of this account ends; the function returned stops. */
    watch: (userId: string, ended: () => void): Promise<() => void> =>
      channel.subscribe({ userId, ended, gap: ended }),
    close: () => channel.close(),
  };
}

export type SessionEndings = ReturnType<typeof sessionEndings>;
