import type { JoinAnswer } from '@shared/visits';
import { postVisitAction } from './visit-actions';

/**
 * A participant enters the call, or says they are still in it (sent every
 * `presenceIntervalMs`); the answer carries the ICE servers and the signal cursor.
 */
export function joinCall(id: string): Promise<JoinAnswer> {
  return postVisitAction<JoinAnswer>(id, 'join');
}
