import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordConfirmationSchema } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';
import { refreshFactors } from './invalidate';

/**
 * Turns on the second step at sign-in with codes texted to the verified phone.
 * Not needed when an authenticator app already turned it on.
 */
export function enablePhoneCodes({ password }: { password: string }): Promise<unknown> {
  const body = passwordConfirmationSchema.parse({ password });
  return apiFetch('/api/auth/two-factor/enable', {
    method: 'POST',
    body: JSON.stringify({ ...body, method: 'otp' }),
  });
}

export function useEnablePhoneCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enablePhoneCodes,
    onSuccess: () => refreshFactors(queryClient),
  });
}
