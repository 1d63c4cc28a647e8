import type { Notifications, Unlisten } from '../db/database';

export interface ChannelSubscriber {
  /** Announcements may have been lost: the subscriber must catch up. */
  gap(): void;
}

/**
 * This process's subscribers to one LISTEN/NOTIFY channel. The channel is listened to from
 * the first subscription on; each announcement is handed to `deliver` while anyone is
 * subscribed, and a lost connection tells every subscriber to catch up.
 */
export function channelSubscribers<S extends ChannelSubscriber>(
  notifications: Notifications,
  channel: string,
  deliver: (payload: string, subscribers: ReadonlySet<S>) => Promise<void>,
) {
  const subscribers = new Set<S>();
  let listening: Promise<Unlisten> | undefined;

  function startListening() {
    listening ??= notifications.listen(
      channel,
      (payload) => {
        if (subscribers.size === 0) return;
        deliver(payload, subscribers).catch(() => {
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
