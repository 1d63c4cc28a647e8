import type { Role } from '@shared/role';

/**
 * Who may see a stored photo: the patient who took it, and the care team (doctors).
 * Everyone else is told the photo does not exist.
 */
export function mayViewPhoto(viewer: { id: string; role: Role }, ownerId: string): boolean {
  return viewer.id === ownerId || viewer.role === 'doctor';
}
