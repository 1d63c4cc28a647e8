import type * as z from 'zod/mini';
import type { Notifications } from '../db/database';
import { channelSubscribers } from './channel-subscribers';

interface Watcher<A> {
  about: A;
  /** A matching announcement came, or announcements may have been lost: check again. */
  changed(): void;
  gap(): void;
}

/**
 * Announcements across server processes that something about `A` changed, carrying only ids:
 * whoever watches a matching `A` checks again at once, and all watchers do when the listening
 * connection was lost. What changed is always read again, never taken from the announcement.
 */
export function checkAgainAnnouncements<A>(
  notifications: Notifications,
  channel: string,
  schema: z.ZodMiniType<A>,
  matches: (watched: A, announced: A) => boolean,
) {
  const subscribers = channelSubscribers<Watcher<A>, A>(
    notifications,
    channel,
    schema,
    (announced, watchers) => {
      for (const watcher of watchers) {
        if (matches(watcher.about, announced)) watcher.changed();
      }
      return Promise.resolve();
    },
  );
  return {
    /** Tells every process. */
    announce: (about: A) => notifications.notify(channel, JSON.stringify(about)),
    /** Calls `changed` whenever `about` changes; the function returned stops watching. */
    watch: (about: A, changed: () => void): Promise<() => void> =>
      subscribers.subscribe({ about, changed, gap: changed }),
    close: () => subscribers.close(),
  };
}
