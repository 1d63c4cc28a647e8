import * as z from 'zod/mini';
import { newPassword } from './auth';

/**
 * POST /api/auth/change-password: the account's own password, from a staff member's Account
 * page. Apart from `auth.ts`, which the sign-in page downloads first, as only Account needs it.
 */
export const changePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, 'password_required')),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
