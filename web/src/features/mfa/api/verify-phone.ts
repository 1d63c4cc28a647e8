import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyPhoneSchema } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';
import { refreshFactors } from './invalidate';

/** Confirms the texted code and saves the number as the signed-in user's own. */
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
    onSuccess: () => refreshFactors(queryClient),
  });
}
