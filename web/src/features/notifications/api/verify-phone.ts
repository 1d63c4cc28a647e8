import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyPhone } from '@/lib/phone-number';
import { notificationsKeys } from './notifications-keys';

/** Confirms the texted code: the number texts go to, and the one the phone second step uses. */
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
