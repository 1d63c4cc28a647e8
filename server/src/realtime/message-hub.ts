import type { Message } from '@shared/messaging';
import type { Notifications, Unlisten } from '../db/database';
import { mayRead, type Reader } from '../messaging/conversation-access';
import type { MessagingRepository } from '../messaging/messaging-repository';

/** The PostgreSQL channel every server process announces new messages on. */
export const messageChannel = 'messaging';

export interface Subscriber {
  reader: Reader;
  /** A new message in a conversation this subscriber may read, and its JSON (made once for all). */
  message(message: Message, json: string): void;
  /** Announcements may have been lost: the subscriber must catch up. */
  gap(): void;
}

interface Announcement {
  messageId: string;
}

function parseAnnouncement(payload: string): Announcement | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value === 'object' && value !== null && 'messageId' in value) {
      const { messageId } = value;
      if (typeof messageId === 'string') return { messageId };
    }
  } catch {
    // Not ours: ignore.
  }
  return null;
}

/**
 * Fans new messages out to this process's push subscribers. A send announces only the
 * message id through LISTEN/NOTIFY (payloads are small; the content may not be), so
 * every process, this one included, reads the message once and hands it to each of
 * its subscribers who may read the conversation.
 */
export function messageHub(notifications: Notifications, messaging: MessagingRepository) {
  const subscribers = new Set<Subscriber>();
  let listening: Promise<Unlisten> | undefined;

  async function deliver(payload: string) {
    const announcement = parseAnnouncement(payload);
    if (!announcement || subscribers.size === 0) return;
    const found = await messaging.messageForFanOut(announcement.messageId);
    if (!found) return;
    const json = JSON.stringify(found.message);
    for (const subscriber of subscribers) {
      if (mayRead(subscriber.reader, found.conversation)) subscriber.message(found.message, json);
    }
  }

  function startListening() {
    listening ??= notifications.listen(
      messageChannel,
      (payload) => {
        deliver(payload).catch(() => {
          // A failed read leaves the message to the subscribers' next catch-up or poll.
        });
      },
      () => {
        for (const subscriber of subscribers) subscriber.gap();
      },
    );
    return listening;
  }

  return {
    /** Starts delivering to `subscriber`; the returned function stops it. */
    async subscribe(subscriber: Subscriber): Promise<() => void> {
      subscribers.add(subscriber);
      await startListening();
      return () => subscribers.delete(subscriber);
    },

    /** Tells every process about a stored message. */
    async announce(messageId: string): Promise<void> {
      await notifications.notify(messageChannel, JSON.stringify({ messageId }));
    },

    get subscriberCount() {
      return subscribers.size;
    },

    async close() {
      subscribers.clear();
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}

export type MessageHub = ReturnType<typeof messageHub>;
