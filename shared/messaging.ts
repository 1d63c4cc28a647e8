import * as z from 'zod/mini';
import { actingForSchema } from './care-permissions';
import { recordIdSchema } from './record-id';
import { roleSchema } from './role';

/** Longest message a person may send, in characters after trimming. */
export const maxMessageLength = 4_000;

/** The spec's poll interval; with push connected it is only the fallback. */
export const messagePollMs = 5_000;

/** Title of the care-team conversation a patient starts. */
export const careTeamTitle = 'Care Team';

export const conversationIdSchema = recordIdSchema('Unknown conversation');

/** `/api/messaging/conversations/:id` and the routes under it. */
export const conversationParamsSchema = z.object({ id: conversationIdSchema });

/** The longest search the conversation list reads; the rest is ignored. */
export const maxSearchLength = 200;

/**
 * `GET /api/messaging/conversations?q=<text>`: names to search for. A search that is not
 * one piece of text (`q` given twice) is no search rather than a refusal.
 */
export const conversationSearchSchema = z.object({
  q: z.catch(
    z.optional(z.string().check(z.overwrite((text) => text.slice(0, maxSearchLength)))),
    undefined,
  ),
});

/**
 * A stored message. Who wrote it comes from the server's own records, never from the
 * sender: the name on their profile (null when it has none) and their role, which a reader
 * is shown instead of a missing name.
 */
export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  senderName: z.nullable(z.string()),
  senderRole: roleSchema,
  /**
   * The caregiver who wrote it for the patient (the sender), when not the patient: readers see
   * "Hari Sharma for Sita Sharma". Null for a message its sender wrote.
   */
  agentName: z.optional(z.nullable(z.string())),
  content: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListSchema = z.array(messageSchema);

/** A conversation as its reader sees it; `patientName` only where a doctor reads a patient's. */
export const conversationSchema = z.object({
  id: z.string(),
  title: z.nullable(z.string()),
  participantIds: z.array(z.string()),
  isCareTeam: z.boolean(),
  createdAt: z.string(),
  patientName: z.nullable(z.string()),
  /** The patient whose care-team conversation it is, for anyone but that patient; else null. */
  patientId: z.nullable(z.string()),
  lastMessage: z.nullable(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.array(conversationSchema);

/** `GET /api/messaging/care-team`: the caller's care-team conversation, or null. */
export const careTeamAnswerSchema = z.object({ conversation: z.nullable(conversationSchema) });
export type CareTeamAnswer = z.infer<typeof careTeamAnswerSchema>;

/** `GET /api/messaging/conversations/:id/messages?after=<message id>`: oldest first. */
export const messagesQuerySchema = z.object({
  after: z.optional(recordIdSchema('Unknown message')),
});

/**
 * `POST /api/messaging/conversations/:id/messages`. The id is chosen by the client so
 * that a retried send stores the message once; the sender comes from the session.
 */
export const sendMessageSchema = z.object({
  id: recordIdSchema('The message id must be a UUID'),
  content: z.string('Please type a message').check(
    z.overwrite((text) => text.trim()),
    z.minLength(1, 'Please type a message'),
    z.maxLength(maxMessageLength, `A message can have at most 4,000 characters`),
  ),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** What the push stream (`GET /api/messaging/events`) carries as `event: message`. */
export const messageEventSchema = messageSchema;

/**
 * `GET /api/messaging/events`: `for`, the patient a caregiver acts for, whose care-team
 * conversation the stream then carries (the same check as the acting-for header).
 */
export const messagingEventsQuerySchema = z.object({
  for: z.optional(actingForSchema),
});
