import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiFetch } from '@/lib/api-client';
import { refreshFactors } from './invalidate';

/** The browser cannot create passkeys at all. */
export class PasskeyUnsupportedError extends Error {}

/**
 * The WebAuthn registration ceremony: options from the server, the browser's
 * authenticator creates the credential, the server verifies and stores it.
 * The WebAuthn helper is loaded only when someone adds a passkey.
 */
export async function addPasskey(): Promise<void> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new PasskeyUnsupportedError('WebAuthn unavailable');
  const optionsJSON = await apiFetch<PublicKeyCredentialCreationOptionsJSON>(
    '/api/auth/passkey/generate-register-options',
  );
  const response = await startRegistration({ optionsJSON });
  await apiFetch('/api/auth/passkey/verify-registration', {
    method: 'POST',
    body: JSON.stringify({ response }),
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => refreshFactors(queryClient),
  });
}
