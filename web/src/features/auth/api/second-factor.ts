import { useMutation } from '@tanstack/react-query';
import type { BackupCodeInput, SecondFactorCodeInput } from '@shared/auth';
import { apiFetch } from '@/lib/api-client';

/**
 * The second step of a password sign-in. Each call rides on the short-lived
 * two-factor cookie the first step set, and opens the session when the code is right.
 */
export type SecondFactorCheck =
  | ({ method: 'totp' } & SecondFactorCodeInput)
  | ({ method: 'otp' } & SecondFactorCodeInput)
  | ({ method: 'backup' } & BackupCodeInput);

const paths: Record<SecondFactorCheck['method'], string> = {
  totp: '/api/auth/two-factor/verify-totp',
  otp: '/api/auth/two-factor/verify-otp',
  backup: '/api/auth/two-factor/verify-backup-code',
};

export async function verifySecondFactor({ method, code }: SecondFactorCheck): Promise<void> {
  await apiFetch(paths[method], { method: 'POST', body: JSON.stringify({ code }) });
}

/** Sends a code to the account's verified phone number. */
export async function sendPhoneCode(): Promise<void> {
  await apiFetch('/api/auth/two-factor/send-otp', { method: 'POST', body: '{}' });
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
