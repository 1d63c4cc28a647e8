import type { Role } from '@shared/role';

/**
 * Who may see a stored photo: the patient who took it, and the care team (doctors).
 * Everyone else is told the photo does not exist.
 */
export function mayViewPhoto(caller: { id: string; role: Role }, ownerId: string): boolean {
  return caller.id === ownerId || caller.role === 'doctor';
}
