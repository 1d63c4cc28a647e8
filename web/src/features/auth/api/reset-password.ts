import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput, ResetPasswordInput } from '@shared/auth';
import { apiFetch } from '@/lib/api-client';

/** The page the mailed reset link opens, with `?token=` (or `?error=INVALID_TOKEN`). */
export const resetPasswordPath = '/reset-password';

/** Mails a reset link if the address has an account; the answer is the same either way. */
export async function requestPasswordReset({ email }: EmailOnlyInput): Promise<void> {
  await apiFetch('/api/auth/request-password-reset', {
    method: 'POST',
    body: JSON.stringify({ email, redirectTo: resetPasswordPath }),
  });
}

/** Sets the new password; the server signs out the account's other sessions. */
export async function resetPassword({ newPassword, token }: ResetPasswordInput): Promise<void> {
  await apiFetch('/api/auth/reset-password', {
    method: 'POST',
    body: JSON.stringify({ newPassword, token }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
