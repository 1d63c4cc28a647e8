import type { Conversation, Message, SendMessage } from '@shared/messaging';
import {
  actsOnSomeoneElse,
  conversationRule,
  type ConversationParties,
  type KnownGrant,
  type PatientAccess,
} from '../access/patient-access';
import { ownerOf, type Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { AuditRecord } from '../audit/audit-repository';
import { AppError } from '../http/app-error';
import type { MessageHub } from '../realtime/message-hub';
import type { MessagingRepository } from './messaging-repository';
import type { Notifier } from '../notifications/notifier';

interface Log {
  warn(detail: object, message: string): void;
}

/** A patient hears of their care team's answers at most once in this long, per conversation. */
const answeredBucketMs = 30 * 60_000;

export interface MessagingServiceDeps {
  messaging: MessagingRepository;
  access: PatientAccess;
  hub: MessageHub;
  trail: AuditTrail;
  /** Tells a patient whose app is closed that their care team answered. */
  notifier: Notifier;
  log: Log;
}

/** Missing and forbidden answer alike, so a refusal tells nothing about what exists. */
const notFound = () => new AppError('not_found', 'No such conversation.');

/**
 * Conversations and their messages. Who may read and answer a conversation is the access
 * policy's rule (`conversationFilter`, `conversationRule`); every read of someone else's
 * conversation, in a list, opened, polled or pushed, is in the audit trail before it is
 * answered.
 */
export function messagingService(deps: MessagingServiceDeps) {
  const { messaging, trail } = deps;

  /**
   * Only a patient has a care-team conversation: their own, or that of the patient they act
   * for with "Message my care team for me".
   */
  async function mayHaveCareTeamConversation(actor: Actor): Promise<boolean> {
    if (actor.onBehalfOf !== null) return deps.access.can(actor, 'care-team', actor.onBehalfOf);
    return actor.caller.role === 'patient';
  }

  /** Whoever may read a conversation may write in it: the policy's rule. */
  async function mayWriteIn(actor: Actor, conversation: ConversationParties): Promise<boolean> {
    // Acting for someone, the grant decides, and it is read where it is kept.
    if (actor.onBehalfOf !== null) {
      return (
        conversation.carePatientId === actor.onBehalfOf &&
        deps.access.can(actor, 'care-team', actor.onBehalfOf)
      );
    }
    return conversationRule(actor, conversation);
  }

  /** The entry for `actor` having seen `conversation`, or null when it is their own. */
  function readEntry(
    actor: Actor,
    conversation: { id: string; carePatientId: string | null },
    detail: Record<string, unknown>,
  ): AuditRecord | null {
    if (conversation.carePatientId === null) return null;
    if (!actsOnSomeoneElse(actor, conversation.carePatientId)) return null;
    return {
      type: 'conversation-read',
      agent: agentOf(actor),
      entity: { type: 'conversation', id: conversation.id, subjectId: conversation.carePatientId },
      detail,
    };
  }

  /** The conversation `actor` may read, or a missing one. */
  async function readable(actor: Actor, id: string) {
    const conversation = await messaging.readable(actor, id);
    if (!conversation) throw notFound();
    return conversation;
  }

  return {
    /** The conversations `actor` may read; each one of someone else's that it shows is recorded. */
    async list(actor: Actor, search?: string): Promise<Conversation[]> {
      const list = await messaging.list(actor, search);
      await trail.noteEach(
        list.flatMap((conversation) => readEntry(actor, conversation, { via: 'list' }) ?? []),
      );
      return list;
    },

    async careTeam(actor: Actor): Promise<Conversation | null> {
      return (await mayHaveCareTeamConversation(actor)) ? messaging.careTeamOf(actor) : null;
    },

    async startCareTeam(actor: Actor): Promise<{ conversation: Conversation; created: boolean }> {
      if (!(await mayHaveCareTeamConversation(actor))) {
        throw new AppError('forbidden', 'Only patients have a care-team conversation.');
      }
      return messaging.ensureCareTeam(actor);
    },

    async read(actor: Actor, id: string): Promise<Conversation> {
      const conversation = await readable(actor, id);
      const entry = readEntry(actor, conversation, { via: 'conversation' });
      if (entry) await trail.note(entry);
      return conversation;
    },

    async messages(actor: Actor, id: string, after?: string): Promise<Message[]> {
      const conversation = await readable(actor, id);
      const answer = await messaging.messages(id, after);
      // A poll that brings nothing new shows nothing: only reads that show messages count.
      const entry =
        answer.length > 0 ? readEntry(actor, conversation, { messages: answer.length }) : null;
      if (entry) await trail.note(entry);
      return answer;
    },

    /**
     * Stores a message once per id, with its audit entry in the same transaction, and tells
     * every process so its push streams deliver it. A doctor's answer in a patient's care-team
     * conversation makes them one who cares for that patient.
     */
    async send(
      actor: Actor,
      conversationId: string,
      input: SendMessage,
    ): Promise<{ message: Message; created: boolean }> {
      const conversation = await messaging.facts(conversationId);
      if (!conversation || !(await mayWriteIn(actor, conversation))) throw notFound();
      // A caregiver writes as the patient they act for, and is named as who wrote it.
      const senderId = ownerOf(actor);
      const result = await trail.change(
        async () => {
          const sent = await messaging.send({
            id: input.id,
            conversationId,
            senderId,
            agentId: actor.onBehalfOf === null ? null : actor.caller.id,
            content: input.content,
          });
          const patientId = conversation.carePatientId;
          if ('created' in sent && sent.created && patientId && patientId !== senderId) {
            await deps.notifier.notify({
              kind: 'care-team-answered',
              userId: patientId,
              // One a conversation in each half hour, however many messages the team sends.
              cause: `${conversationId}:${Math.floor(Date.now() / answeredBucketMs)}`,
            });
          }
          return sent;
        },
        (sent) =>
          'created' in sent && sent.created
            ? {
                type: 'message-sent',
                agent: agentOf(actor),
                entity: { type: 'message', id: input.id, subjectId: conversation.carePatientId },
                detail: { conversationId },
              }
            : null,
      );
      if ('conflict' in result) {
        throw new AppError('conflict', 'This message id belongs to another message.');
      }
      if (result.created) {
        deps.notifier.wake();
        // Stored is what counts: without the announcement readers still get it by polling.
        await deps.hub
          .announce(result.message, {
            participantIds: conversation.participantIds,
            carePatientId: conversation.carePatientId,
          })
          .catch((error: unknown) => {
            deps.log.warn({ err: error }, 'message announcement failed');
          });
      }
      return result;
    },

    /**
     * Who may follow the push stream, with the grant the in-memory rule reads while they act
     * for a patient: one who may not write to that patient's care team follows nothing.
     */
    async follower(actor: Actor): Promise<{ actor: Actor; grant: KnownGrant | null }> {
      if (actor.onBehalfOf === null) return { actor, grant: null };
      const grant = await deps.access.grantOf(actor);
      if (!grant || !(grant.message || grant.guardian)) throw notFound();
      return { actor, grant };
    },

    /** Records a message pushed to `actor` when it is someone else's; their own goes unrecorded. */
    async pushed(actor: Actor, message: Message, conversation: ConversationParties): Promise<void> {
      const entry = readEntry(
        actor,
        { id: message.conversationId, carePatientId: conversation.carePatientId },
        { via: 'push', messages: 1 },
      );
      // Every stream the message reaches notes its read at once: one insert for them all.
      if (entry) await trail.noteTogether(entry);
    },
  };
}

export type MessagingService = ReturnType<typeof messagingService>;
