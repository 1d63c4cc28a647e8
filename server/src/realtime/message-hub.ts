import * as z from 'zod/mini';
import { messageSchema, type Message } from '@shared/messaging';
import type { Notifications } from '../db/database';
import {
  conversationRule,
  type ConversationParties,
  type KnownGrant,
} from '../access/patient-access';
import type { Actor } from '../auth/actor';
import type { MessagingRepository } from '../messaging/messaging-repository';
import { channelSubscribers } from './channel-subscribers';

/** The PostgreSQL channel every server process announces new messages on. */
export const messageChannel = 'messaging';

export interface Subscriber {
  /** Who follows the stream; the access policy decides which messages reach them. */
  caller: Actor;
  /** The grant they hold while acting for a patient (`PatientAccess.grantOf`); null otherwise. */
  grant: KnownGrant | null;
  /**
   * A new message in a conversation this subscriber may read, its JSON (made once for all),
   * and whose conversation it is.
   */
  message(message: Message, json: string, conversation: ConversationParties): void;
  /** Announcements may have been lost: the subscriber must catch up. */
  gap(): void;
}

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const maxPayloadBytes = 7_900;

/**
 * What a send announces: the message with who may read it, so no process has to read
 * it back, or only its id when that would not fit (a long message in Devanagari).
 */
const announcementSchema = z.union([
  z.object({ messageId: z.string() }),
  z.object({
    message: messageSchema,
    conversation: z.object({
      participantIds: z.array(z.string()),
      carePatientId: z.nullable(z.string()),
    }),
  }),
]);

type Announcement = z.infer<typeof announcementSchema>;

/** The announcement of a stored message: whole when it fits, else its id. */
export function announcementOf(message: Message, conversation: ConversationParties): string {
  const whole = JSON.stringify({
    message,
    conversation: {
      participantIds: [...conversation.participantIds],
      carePatientId: conversation.carePatientId,
    },
  } satisfies Announcement);
  return Buffer.byteLength(whole) <= maxPayloadBytes
    ? whole
    : JSON.stringify({ messageId: message.id } satisfies Announcement);
}

/**
 * Fans new messages out to this process's push subscribers. A send announces the message
 * through LISTEN/NOTIFY, and every process, this one included, hands it to each of its
 * subscribers who may read the conversation; a message too long for a notification is
 * announced by id and read once per process.
 */
export function messageHub(notifications: Notifications, messaging: MessagingRepository) {
  const channel = channelSubscribers(notifications, messageChannel, announcementSchema, deliver);

  async function deliver(announcement: Announcement, subscribers: ReadonlySet<Subscriber>) {
    const found =
      'message' in announcement
        ? announcement
        : await messaging.messageForFanOut(announcement.messageId);
    if (!found) return;
    const json = JSON.stringify(found.message);
    for (const subscriber of subscribers) {
      if (conversationRule(subscriber.caller, found.conversation, subscriber.grant)) {
        subscriber.message(found.message, json, found.conversation);
      }
    }
  }

  return {
    subscribe: channel.subscribe,

    /** Tells every process about a stored message. */
    async announce(message: Message, conversation: ConversationParties): Promise<void> {
      await notifications.notify(messageChannel, announcementOf(message, conversation));
    },

    get subscriberCount() {
      return channel.count;
    },

    close: channel.close,
  };
}

export type MessageHub = ReturnType<typeof messageHub>;
