import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteFactorSchema } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';
import { refreshFactors } from './invalidate';

export function deleteFactor({ id, password }: { id: string; password: string }): Promise<void> {
  const body = deleteFactorSchema.parse({ password });
  return apiFetch<undefined>(`/api/mfa/factors/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: JSON.stringify(body),
  });
}

export function useDeleteFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFactor,
    onSuccess: () => refreshFactors(queryClient),
  });
}
