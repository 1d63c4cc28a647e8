import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/account';
import { apiFetch } from '@/lib/api-client';

/** Changes the account's password; the other sessions stay (the Sessions card ends them). */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ currentPassword, newPassword }: ChangePasswordInput) => {
      await apiFetch('/api/auth/change-password', {
        method: 'POST',
        body: JSON.stringify({ currentPassword, newPassword, revokeOtherSessions: false }),
      });
    },
  });
}
