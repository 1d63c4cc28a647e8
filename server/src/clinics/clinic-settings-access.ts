import type { Actor } from '../auth/actor';

/**
 * Who keeps a clinic's settings: the super administrator any clinic's, an administrator their
 * own clinic's, both as themselves. Anyone else, and an administrator at another clinic, meets
 * a clinic that does not exist.
 */
export function mayKeepSettings(
  actor: Actor,
  ownClinicId: string | null,
  clinicId: string,
): boolean {
  if (actor.onBehalfOf !== null) return false;
  if (actor.caller.role === 'superadmin') return true;
  return actor.caller.role === 'admin' && ownClinicId === clinicId;
}

/** Only these roles have a clinic's settings page at all; the others are refused outright. */
export function keepsSettings(actor: Actor): boolean {
  return actor.caller.role === 'admin' || actor.caller.role === 'superadmin';
}
