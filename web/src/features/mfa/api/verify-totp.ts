import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyTotpSchema } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';
import { refreshFactors } from './invalidate';

export function verifyTotp({ code }: { code: string }): Promise<unknown> {
  const body = verifyTotpSchema.parse({ code });
  return apiFetch('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => refreshFactors(queryClient),
  });
}
