import type * as z from 'zod/mini';
import type { Notifications, Unlisten } from '../db/database';

export interface ChannelSubscriber {
  /** Announcements may have been lost: the subscriber must catch up. */
  gap(): void;
}

function parseAnnouncement<A>(schema: z.ZodMiniType<A>, payload: string): A | null {
  try {
    const parsed = schema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not ours: ignore.
    return null;
  }
}

/**
 * This process's subscribers to one LISTEN/NOTIFY channel. The channel is listened to from
 * the first subscription on; each announcement that `schema` accepts is handed to `deliver`
 * while anyone is subscribed, and a lost connection tells every subscriber to catch up.
 */
export function channelSubscribers<S extends ChannelSubscriber, A>(
  notifications: Notifications,
  channel: string,
  schema: z.ZodMiniType<A>,
  deliver: (announcement: A, subscribers: ReadonlySet<S>) => Promise<void>,
) {
  const subscribers = new Set<S>();
  let listening: Promise<Unlisten> | undefined;

  function startListening() {
    listening ??= notifications.listen(
      channel,
      (payload) => {
        if (subscribers.size === 0) return;
        const announcement = parseAnnouncement(schema, payload);
        if (announcement === null) return;
        deliver(announcement, subscribers).catch(() => {
          // A failed read leaves the announcement to the subscribers' next catch-up.
        });
      },
      () => {
        for (const subscriber of subscribers) subscriber.gap();
      },
    );
    return listening;
  }

  /** Starts delivering to `subscriber`; the returned function stops it. */
  async function subscribe(subscriber: S): Promise<() => void> {
    subscribers.add(subscriber);
    await startListening();
    return () => subscribers.delete(subscriber);
  }

  async function close() {
    subscribers.clear();
    const unlisten = await listening?.catch(() => undefined);
    listening = undefined;
    await unlisten?.();
  }

  return {
    subscribe,
    close,
    get count() {
      return subscribers.size;
    },
  };
}
