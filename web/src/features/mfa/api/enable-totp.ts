import { useMutation } from '@tanstack/react-query';
import { passwordConfirmationSchema } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';

export interface TotpEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/** Starts an authenticator app enrolment; it counts once a code confirms it. */
export function enableTotp({ password }: { password: string }): Promise<TotpEnrolment> {
  const body = passwordConfirmationSchema.parse({ password });
  return apiFetch<TotpEnrolment>('/api/auth/two-factor/enable', {
    method: 'POST',
    body: JSON.stringify({ ...body, method: 'totp' }),
  });
}

export function useEnableTotp() {
  return useMutation({ mutationFn: enableTotp });
}
