import type { Caller } from './callers';

/**
 * Who acts in a request: the signed-in person, the address the server believed (see
 * TRUST_PROXY), and the patient they act for when that is not themselves (a caregiver
 * acting for a family member). Services and the access policy take an actor, never an id
 * or a role sent by the client; audit entries name its agent and on-behalf-of.
 */
export interface Actor {
  caller: Caller;
  address: string;
  /** The patient this person acts for; null when they act as themselves. */
  onBehalfOf: string | null;
}

/** The caller acting as themselves. */
export function actingAsThemselves(caller: Caller, address: string): Actor {
  return { caller, address, onBehalfOf: null };
}

/**
 * Whose own data a patient's screen asks for: the patient a caregiver acts for, or the
 * caller. It names the patient only; the access rule decides what the actor may do there.
 */
export function ownerOf(actor: Actor): string {
  return actor.onBehalfOf ?? actor.caller.id;
}
