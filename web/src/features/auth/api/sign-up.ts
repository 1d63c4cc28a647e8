import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@shared/auth';
import { apiFetch } from '@/lib/api-client';
import { confirmationLandingPath } from './confirmation-landing';

/** Creates an unconfirmed account and mails its confirmation link, which lands on the sign-in page. */
export async function signUp({ email, password, inviteCode }: SignUpInput): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({
      email,
      password,
      name: '',
      inviteCode,
      callbackURL: confirmationLandingPath,
    }),
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
