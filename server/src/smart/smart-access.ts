import type { Actor } from '../auth/actor';

/**
 * Who registers and removes the systems that read the FHIR API without a person: the
 * superadmin alone, as themselves (acting for someone in their care circle lends nothing).
 */
export function mayManageSmartClients(actor: Actor): boolean {
  return actor.onBehalfOf === null && actor.caller.role === 'superadmin';
}
