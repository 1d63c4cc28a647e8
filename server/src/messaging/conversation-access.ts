import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Role } from '@shared/role';
import type { Database } from '../db/schema';

/**
 * Who may read and write which conversation: the one place that decides it.
 *
 * - A participant reads and writes their own conversations.
 * - Doctors form the care team: they read and answer every care-team conversation.
 * - Only a patient has a care-team conversation, and only for themselves.
 * - Nobody else reads or writes anything; a refusal looks exactly like a missing conversation.
 */

export interface Reader {
  id: string;
  role: Role;
}

export interface ConversationFacts {
  participantIds: readonly string[];
  isCareTeam: boolean;
}

export function mayRead(reader: Reader, conversation: ConversationFacts): boolean {
  return (
    conversation.participantIds.includes(reader.id) ||
    (reader.role === 'doctor' && conversation.isCareTeam)
  );
}

/** Writing follows reading: whoever may read a conversation may answer in it. */
export function mayWrite(reader: Reader, conversation: ConversationFacts): boolean {
  return mayRead(reader, conversation);
}

export function mayHaveCareTeamConversation(reader: Reader): boolean {
  return reader.role === 'patient';
}

/** The same rule as `mayRead`, as a filter for queries that list conversations. */
export function readableBy(reader: Reader) {
  return (eb: ExpressionBuilder<Database, 'conversations'>): Expression<SqlBool> => {
    const participant = sql<SqlBool>`${eb.ref('conversations.participant_ids')} @> array[${reader.id}]::text[]`;
    return reader.role === 'doctor'
      ? eb.or([participant, eb('conversations.is_care_team', '=', true)])
      : participant;
  };
}
