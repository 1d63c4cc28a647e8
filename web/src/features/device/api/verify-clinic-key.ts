import { useMutation } from '@tanstack/react-query';
import {
  verifyClinicKeySchema,
  type VerifyClinicKey,
  type VerifyClinicKeyResult,
} from '@shared/clinic';
import { apiFetch } from '@/lib/api-client';

/** Asks the server whether the key is one of its clinic keys; the keys never reach the browser. */
export function verifyClinicKey(input: VerifyClinicKey): Promise<VerifyClinicKeyResult> {
  const body = verifyClinicKeySchema.parse(input);
  return apiFetch<VerifyClinicKeyResult>('/api/clinic/verify', {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function useVerifyClinicKey() {
  return useMutation({ mutationFn: verifyClinicKey });
}
