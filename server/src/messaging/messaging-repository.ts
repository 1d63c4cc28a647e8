import { sql, type Kysely, type Selectable } from 'kysely';
import { shownAddress } from '@shared/auth';
import { careTeamTitle, type Conversation, type Message } from '@shared/messaging';
import { defaultRole, roleSchema, type Role } from '@shared/role';
import type { Database, MessagesTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { conversationFilter, type ConversationParties } from '../access/patient-access';
import { ownerOf, type Actor } from '../auth/actor';

/** The most conversations one list answer carries, newest activity first. */
export const conversationListLimit = 200;

export interface StoredConversation extends ConversationParties {
  id: string;
}

/** What the sender's profile says about them, and the agent's who wrote for them, read with each message. */
interface SenderColumns {
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_role: string | null;
  agent_first_name: string | null;
  agent_last_name: string | null;
}

/**
 * The sender's columns, from `profiles` joined as `sender` on the message's sender, and as
 * `agent` on the caregiver who wrote it for them.
 */
const senderColumns = [
  'sender.first_name as sender_first_name',
  'sender.last_name as sender_last_name',
  'sender.role as sender_role',
  'agent.first_name as agent_first_name',
  'agent.last_name as agent_last_name',
] as const;

function senderName(first: string | null, last: string | null): string | null {
  return (
    [first, last]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || null
  );
}

function senderRole(stored: string | null): Role {
  const role = roleSchema.safeParse(stored);
  return role.success ? role.data : defaultRole;
}

function toMessage(row: Selectable<MessagesTable> & SenderColumns): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    senderName: senderName(row.sender_first_name, row.sender_last_name),
    senderRole: senderRole(row.sender_role),
    agentName:
      row.agent_id === null ? null : (senderName(row.agent_first_name, row.agent_last_name) ?? ''),
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** `%` and `_` typed by a person are searched for literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function messagingRepository(db: Kysely<Database>) {
  /** Conversations with their last message and the care-team patient's name, that `actor` may read. */
  function conversationsQuery(actor: Actor) {
    return db
      .selectFrom('conversations')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('messages')
            .leftJoin('profiles as sender', 'sender.id', 'messages.sender_id')
            .leftJoin('profiles as agent', 'agent.id', 'messages.agent_id')
            .select([
              'messages.id as last_id',
              'messages.sender_id as last_sender_id',
              'messages.agent_id as last_agent_id',
              'agent.first_name as last_agent_first_name',
              'agent.last_name as last_agent_last_name',
              'sender.first_name as last_sender_first_name',
              'sender.last_name as last_sender_last_name',
              'sender.role as last_sender_role',
              'messages.content as last_content',
              'messages.created_at as last_created_at',
            ])
            .whereRef('messages.conversation_id', '=', 'conversations.id')
            .orderBy('messages.created_at', 'desc')
            .orderBy('messages.id', 'desc')
            .limit(1)
            .as('last'),
        (join) => join.onTrue(),
      )
      .leftJoin('profiles', 'profiles.id', 'conversations.care_team_patient_id')
      .leftJoin('user', 'user.id', 'conversations.care_team_patient_id')
      .select([
        'conversations.id',
        'conversations.title',
        'conversations.participant_ids',
        'conversations.is_care_team',
        'conversations.care_team_patient_id',
        'conversations.created_at',
        'last.last_id',
        'last.last_sender_id',
        'last.last_sender_first_name',
        'last.last_sender_last_name',
        'last.last_sender_role',
        'last.last_agent_id',
        'last.last_agent_first_name',
        'last.last_agent_last_name',
        'last.last_content',
        'last.last_created_at',
        'profiles.first_name',
        'profiles.last_name',
        'user.email',
      ])
      .where(conversationFilter(actor));
  }

  type Row = Awaited<ReturnType<ReturnType<typeof conversationsQuery>['executeTakeFirstOrThrow']>>;

  function toConversation(actor: Actor, row: Row): Conversation & { carePatientId: string | null } {
    const name =
      [row.first_name, row.last_name].filter(Boolean).join(' ') || shownAddress(row.email);
    const { last_id, last_sender_id, last_content, last_created_at } = row;
    return {
      id: row.id,
      title: row.title,
      participantIds: row.participant_ids,
      isCareTeam: row.is_care_team,
      carePatientId: row.care_team_patient_id,
      createdAt: new Date(row.created_at).toISOString(),
      // The patient's own list needs no name: it is theirs.
      patientName:
        row.care_team_patient_id !== null && row.care_team_patient_id !== actor.caller.id
          ? (name ?? null)
          : null,
      patientId:
        row.care_team_patient_id !== null && row.care_team_patient_id !== actor.caller.id
          ? row.care_team_patient_id
          : null,
      lastMessage:
        last_id !== null &&
        last_sender_id !== null &&
        last_content !== null &&
        last_created_at !== null
          ? {
              id: last_id,
              conversationId: row.id,
              senderId: last_sender_id,
              senderName: senderName(row.last_sender_first_name, row.last_sender_last_name),
              senderRole: senderRole(row.last_sender_role),
              agentName:
                row.last_agent_id === null
                  ? null
                  : (senderName(row.last_agent_first_name, row.last_agent_last_name) ?? ''),
              content: last_content,
              createdAt: new Date(last_created_at).toISOString(),
            }
          : null,
    };
  }

  async function careTeamOf(patient: Actor): Promise<Conversation | null> {
    const row = await conversationsQuery(patient)
      .where('conversations.care_team_patient_id', '=', ownerOf(patient))
      .executeTakeFirst();
    return row ? toConversation(patient, row) : null;
  }

  async function message(id: string): Promise<Message | null> {
    const row = await db
      .selectFrom('messages')
      .leftJoin('profiles as sender', 'sender.id', 'messages.sender_id')
      .leftJoin('profiles as agent', 'agent.id', 'messages.agent_id')
      .selectAll('messages')
      .select(senderColumns)
      .where('messages.id', '=', id)
      .executeTakeFirst();
    return row ? toMessage(row) : null;
  }

  async function readable(
    actor: Actor,
    id: string,
  ): Promise<(Conversation & { carePatientId: string | null }) | null> {
    const row = await conversationsQuery(actor)
      .where('conversations.id', '=', id)
      .executeTakeFirst();
    return row ? toConversation(actor, row) : null;
  }

  return {
    /**
     * Every conversation `actor` may read, newest activity first; `search` looks in titles and
     * messages. Each names its care-team patient, for the audit trail.
     */
    async list(
      actor: Actor,
      search?: string,
    ): Promise<(Conversation & { carePatientId: string | null })[]> {
      let query = conversationsQuery(actor);
      const text = search?.trim();
      if (text) {
        const pattern = likePattern(text);
        query = query.where((eb) =>
          eb.or([
            eb('conversations.title', 'ilike', pattern),
            eb.and([
              eb('conversations.title', 'is', null),
              sql<boolean>`'Conversation' ilike ${pattern}`,
            ]),
            eb.exists(
              eb
                .selectFrom('messages as searched')
                .select(sql`1`.as('one'))
                .whereRef('searched.conversation_id', '=', 'conversations.id')
                .where('searched.content', 'ilike', pattern),
            ),
          ]),
        );
      }
      const rows = await query
        .orderBy(sql`coalesce(last.last_created_at, conversations.created_at)`, 'desc')
        .orderBy('conversations.id', 'desc')
        .limit(conversationListLimit)
        .execute();
      return rows.map((row) => toConversation(actor, row));
    },

    /** A message with who may read its conversation, in one read: for the push fan-out. */
    async messageForFanOut(
      id: string,
    ): Promise<{ message: Message; conversation: ConversationParties } | null> {
      const row = await db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
        .leftJoin('profiles as sender', 'sender.id', 'messages.sender_id')
        .leftJoin('profiles as agent', 'agent.id', 'messages.agent_id')
        .selectAll('messages')
        .select(senderColumns)
        .select(['conversations.participant_ids', 'conversations.care_team_patient_id'])
        .where('messages.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      return {
        message: toMessage(row),
        conversation: {
          participantIds: row.participant_ids,
          carePatientId: row.care_team_patient_id,
        },
      };
    },

    /** A conversation `caller` may read; null when it is missing or not theirs to read. */
    readable,

    /** Who may read a conversation, whoever asks; for the access rules and the push fan-out. */
    async facts(id: string): Promise<StoredConversation | null> {
      const row = await db
        .selectFrom('conversations')
        .select(['id', 'participant_ids', 'is_care_team', 'care_team_patient_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            participantIds: row.participant_ids,
            carePatientId: row.care_team_patient_id,
          }
        : null;
    },

    careTeamOf,

    /**
     * The patient's care-team conversation, created when absent. The unique patient
     * column settles concurrent calls: every caller gets the one conversation.
     */
    async ensureCareTeam(
      patient: Actor,
    ): Promise<{ conversation: Conversation; created: boolean }> {
      const inserted = await db
        .insertInto('conversations')
        .values({
          id: crypto.randomUUID(),
          title: careTeamTitle,
          participant_ids: sql<string[]>`array[${ownerOf(patient)}]::text[]`,
          is_care_team: true,
          care_team_patient_id: ownerOf(patient),
        })
        .onConflict((conflict) => conflict.column('care_team_patient_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      const conversation = await careTeamOf(patient);
      if (!conversation) throw new Error('The care-team conversation vanished after its creation');
      return { conversation, created: inserted !== undefined };
    },

    /** Oldest first; with `after`, only the messages that came after that one. */
    async messages(conversationId: string, after?: string): Promise<Message[]> {
      let query = db
        .selectFrom('messages')
        .leftJoin('profiles as sender', 'sender.id', 'messages.sender_id')
        .leftJoin('profiles as agent', 'agent.id', 'messages.agent_id')
        .selectAll('messages')
        .select(senderColumns)
        .where('messages.conversation_id', '=', conversationId);
      if (after) {
        const cursor = await db
          .selectFrom('messages')
          .select('id')
          .where('id', '=', after)
          .where('conversation_id', '=', conversationId)
          .executeTakeFirst();
        // Compared in SQL: a JavaScript Date would drop the microseconds of the timestamp.
        if (cursor) {
          query = query.where(
            sql<boolean>`(messages.created_at, messages.id) > (select c.created_at, c.id from messages c where c.id = ${cursor.id})`,
          );
        }
      }
      const rows = await query.orderBy('messages.created_at').orderBy('messages.id').execute();
      return rows.map(toMessage);
    },

    message,

    /**
     * Stores a message once per id: a retried send finds the first one and reports
     * `created: false`. An id already used for another message is `conflict`.
     */
    async send(input: {
      id: string;
      conversationId: string;
      senderId: string;
      /** The caregiver who wrote it for the sender, when not the sender. */
      agentId: string | null;
      content: string;
    }): Promise<{ message: Message; created: boolean } | { conflict: true }> {
      let row: (Selectable<MessagesTable> & SenderColumns) | undefined;
      try {
        // One statement: the stored row comes back with its sender's name.
        row = await db
          .with('inserted', (cte) =>
            cte
              .insertInto('messages')
              .values({
                id: input.id,
                conversation_id: input.conversationId,
                sender_id: input.senderId,
                agent_id: input.agentId,
                content: input.content,
              })
              .onConflict((conflict) => conflict.column('id').doNothing())
              .returningAll(),
          )
          .selectFrom('inserted as messages')
          .leftJoin('profiles as sender', 'sender.id', 'messages.sender_id')
          .leftJoin('profiles as agent', 'agent.id', 'messages.agent_id')
          .selectAll('messages')
          .select(senderColumns)
          .executeTakeFirst();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      if (row) return { message: toMessage(row), created: true };
      const existing = await message(input.id);
      const same =
        existing !== null &&
        existing.conversationId === input.conversationId &&
        existing.senderId === input.senderId &&
        existing.content === input.content;
      return same ? { message: existing, created: false } : { conflict: true };
    },
  };
}

export type MessagingRepository = ReturnType<typeof messagingRepository>;
