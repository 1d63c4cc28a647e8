import { useMutation } from '@tanstack/react-query';
import {
  secondFactorMethods,
  twoFactorChallengeSchema,
  type SecondFactorMethod,
  type SignInInput,
} from '@shared/auth';
import { apiFetch } from '@/lib/api-client';

/** A password sign-in either opens a session or asks for the account's second factor. */
export type SignInResult =
  { status: 'signed-in' } | { status: 'second-factor'; methods: SecondFactorMethod[] };

const isMethod = (method: string): method is SecondFactorMethod =>
  (secondFactorMethods as readonly string[]).includes(method);

export async function signInWithPassword(input: SignInInput): Promise<SignInResult> {
  const answer = await apiFetch<unknown>('/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email: input.email, password: input.password }),
  });
  const challenge = twoFactorChallengeSchema.safeParse(answer);
  if (challenge.success) {
    return { status: 'second-factor', methods: challenge.data.twoFactorMethods.filter(isMethod) };
  }
  return { status: 'signed-in' };
}

export function useSignInWithPassword() {
  return useMutation({ mutationFn: signInWithPassword });
}
