import { defaultRole, type Role } from '@shared/role';
import { useSession } from './session';

/**
 * The signed-in user's role, read from their profile by the server; a user
 * without one is a patient.
 */
export function useCurrentRole(): Role {
  const session = useSession();
  return session.data?.role ?? defaultRole;
}
