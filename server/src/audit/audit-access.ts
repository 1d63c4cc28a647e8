import type { Actor } from '../auth/actor';

/**
 * The audit trail is read by the super administrator alone, as themselves: acting for someone
 * in their care circle opens no one's trail. Operators read it on the server.
 */
export function mayReadAudit(actor: Actor): boolean {
  return actor.onBehalfOf === null && actor.caller.role === 'superadmin';
}
