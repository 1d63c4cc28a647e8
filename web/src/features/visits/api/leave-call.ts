import type { Visit } from '@shared/visits';
import { postVisitAction } from './visit-actions';

/** The participant left the call; it may be rejoined for a while. Sent as the page goes away too. */
export function leaveCall(id: string): Promise<Visit> {
  return postVisitAction(id, 'leave', { keepalive: true });
}
