import { useMutation } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiFetch } from '@/lib/api-client';

/** The browser could not or would not use a passkey; the server was never asked. */
export class PasskeyError extends Error {
  constructor(readonly code: 'passkey_unsupported' | 'passkey_cancelled') {
    super(code);
  }
}

export function browserSupportsPasskeys(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

/**
 * Signs in with a passkey: the server's challenge, the browser's WebAuthn prompt, the
 * server's check. The WebAuthn helper is loaded only when someone presses the button.
 */
export async function signInWithPasskey(): Promise<void> {
  if (!browserSupportsPasskeys()) throw new PasskeyError('passkey_unsupported');
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiFetch<PublicKeyCredentialRequestOptionsJSON>(
      '/api/auth/passkey/generate-authenticate-options',
    ),
  ]);
  const response = await startAuthentication({ optionsJSON }).catch(() => {
    throw new PasskeyError('passkey_cancelled');
  });
  await apiFetch('/api/auth/passkey/verify-authentication', {
    method: 'POST',
    body: JSON.stringify({ response }),
  });
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
