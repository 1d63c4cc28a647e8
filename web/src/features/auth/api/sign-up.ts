import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@shared/auth';
import { apiFetch } from '@/lib/api-client';

/** Creates an unconfirmed account and mails its confirmation link, which lands on the site origin. */
export async function signUp({ email, password, inviteCode }: SignUpInput): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ email, password, name: '', inviteCode, callbackURL: '/' }),
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
