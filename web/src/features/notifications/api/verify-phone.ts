import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyPhoneSchema } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';
import { notificationsKeys } from './notifications-keys';

/**
 * Confirms the texted code and saves the number as the signed-in person's own: the one texts
 * go to, and the one the phone second step uses.
 */
export function verifyPhone(input: { phoneNumber: string; code: string }): Promise<unknown> {
  const body = verifyPhoneSchema.parse(input);
  return apiFetch('/api/auth/phone-number/verify', {
    method: 'POST',
    body: JSON.stringify({ ...body, updatePhoneNumber: true }),
  });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    // Privacy & Security lists the number as a second factor too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsKeys.settings }),
        queryClient.invalidateQueries({ queryKey: ['mfa'] }),
      ]),
  });
}
