import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyPhone } from '@/lib/phone-number';
import { refreshFactors } from './invalidate';

/** Confirms the texted code; the number then shows among the second factors. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => refreshFactors(queryClient),
  });
}
