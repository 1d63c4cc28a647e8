import * as z from 'zod/mini';

export const roles = ['patient', 'doctor', 'manager', 'admin', 'superadmin', 'researcher'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The role a profile without one is treated as. */
export const defaultRole: Role = 'patient';

/** Where a password sign-in lands, by role. */
export function landingPathFor(role: Role): string {
  switch (role) {
    case 'doctor':
      return '/queue';
    case 'manager':
      return '/today';
    case 'admin':
      return '/overview';
    case 'patient':
    case 'superadmin':
    case 'researcher':
      return '/';
  }
}
