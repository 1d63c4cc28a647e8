import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput, OneTimeCodeSignInInput } from '@shared/auth';
import { apiFetch } from '@/lib/api-client';

/**
 * Mails a 6-digit code and a sign-in link if the address has an account; the answer is the
 * same either way, and it never creates an account.
 */
export async function sendOneTimeCode({ email }: EmailOnlyInput): Promise<void> {
  await apiFetch('/api/auth/email-otp/send-verification-otp', {
    method: 'POST',
    body: JSON.stringify({ email, type: 'sign-in' }),
  });
}

export async function signInWithOneTimeCode({ email, otp }: OneTimeCodeSignInInput): Promise<void> {
  await apiFetch('/api/auth/sign-in/email-otp', {
    method: 'POST',
    body: JSON.stringify({ email, otp }),
  });
}

export function useSendOneTimeCode() {
  return useMutation({ mutationFn: sendOneTimeCode });
}

export function useSignInWithOneTimeCode() {
  return useMutation({ mutationFn: signInWithOneTimeCode });
}
