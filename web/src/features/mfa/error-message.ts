import { ApiRequestError } from '@/lib/api-client';
import { errorMessageKey, type ErrorMessageKey, type ErrorMessages } from '@/lib/error-messages';
import { phoneCodeErrorMessages } from '@/lib/phone-number';
import { PasskeyUnsupportedError } from './api/add-passkey';

/**
 * The account system's codes (lower-cased) in the words of Privacy & Security; the codes
 * every screen shares come from the app's table.
 */
const mfaErrorMessages = {
  ...phoneCodeErrorMessages,
  invalid_password: 'mfa.errors.invalid_password',
  phone_not_enrolled: 'mfa.errors.phone_not_enrolled',
  invalid_phone_number: 'mfa.phone.numberFormat',
  totp_already_enabled: 'mfa.errors.totp_already_enabled',
  previously_registered: 'mfa.errors.passkey_exists',
  network: 'mfa.errors.network',
} as const satisfies ErrorMessages;

export function mfaErrorKey(error: unknown): ErrorMessageKey {
  if (error instanceof ApiRequestError) {
    return errorMessageKey(error.code, mfaErrorMessages) ?? 'mfa.errors.generic';
  }
  if (error instanceof PasskeyUnsupportedError) return 'mfa.passkey.unsupported';
  if (error instanceof Error) {
    // The browser's WebAuthn refusals, as @simplewebauthn/browser names them.
    if (error.name === 'InvalidStateError') return 'mfa.errors.passkey_exists';
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') {
      return 'mfa.passkey.cancelled';
    }
  }
  return 'mfa.errors.generic';
}
