import { useMutation } from '@tanstack/react-query';
import { sendPhoneCodeSchema } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';

/**
 * Texts a 6-digit code to the number, through the account system's phone plugin, as
 * Privacy & Security does (the development outbox stands in for the gateway).
 */
export function sendPhoneCode({ phoneNumber }: { phoneNumber: string }): Promise<unknown> {
  const body = sendPhoneCodeSchema.parse({ phoneNumber });
  return apiFetch('/api/auth/phone-number/send-otp', {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
