import type { Actor } from '../auth/actor';

/** The audit trail is read by the super administrator alone; operators read it on the server. */
export function mayReadAudit(actor: Actor): boolean {
  return actor.caller.role === 'superadmin';
}
