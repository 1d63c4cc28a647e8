import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Caller } from '../auth/callers';

/**
 * Who may read and write which conversation: the one place that decides it.
 *
 * - A participant reads and writes their own conversations.
 * - Doctors form the care team: they read and answer every care-team conversation.
 * - Only a patient has a care-team conversation, and only for themselves.
 * - Nobody else reads or writes anything; a refusal looks exactly like a missing conversation.
 */

export interface ConversationFacts {
  participantIds: readonly string[];
  isCareTeam: boolean;
}

export function mayRead(
  caller: Pick<Caller, 'id' | 'role'>,
  conversation: ConversationFacts,
): boolean {
  return (
    conversation.participantIds.includes(caller.id) ||
    (caller.role === 'doctor' && conversation.isCareTeam)
  );
}

/** Writing follows reading: whoever may read a conversation may answer in it. */
export function mayWrite(
  caller: Pick<Caller, 'id' | 'role'>,
  conversation: ConversationFacts,
): boolean {
  return mayRead(caller, conversation);
}

export function mayHaveCareTeamConversation(caller: Pick<Caller, 'id' | 'role'>): boolean {
  return caller.role === 'patient';
}

/** The same rule as `mayRead`, as a filter for queries that list conversations. */
export function readableBy(caller: Pick<Caller, 'id' | 'role'>) {
  return (eb: ExpressionBuilder<Database, 'conversations'>): Expression<SqlBool> => {
    const participant = sql<SqlBool>`${eb.ref('conversations.participant_ids')} @> array[${caller.id}]::text[]`;
    return caller.role === 'doctor'
      ? eb.or([participant, eb('conversations.is_care_team', '=', true)])
      : participant;
  };
}
