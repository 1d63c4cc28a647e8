import { ApiRequestError } from '@/lib/api-client';
import { errorMessageKey, type ErrorMessageKey, type ErrorMessages } from '@/lib/error-messages';
import { PasskeyUnsupportedError } from './api/add-passkey';

/**
 * The account system's codes (lower-cased) in the words of Privacy & Security; the codes
 * every screen shares come from the app's table.
 */
const mfaErrorMessages = {
  invalid_password: 'mfa.errors.invalid_password',
  invalid_code: 'mfa.errors.invalid_code',
  invalid_otp: 'mfa.errors.invalid_code',
  otp_not_found: 'mfa.errors.code_expired',
  otp_expired: 'mfa.errors.code_expired',
  otp_has_expired: 'mfa.errors.code_expired',
  too_many_attempts: 'mfa.errors.too_many_attempts',
  too_many_attempts_request_new_code: 'mfa.errors.too_many_attempts',
  phone_number_exist: 'mfa.errors.phone_number_exist',
  phone_not_enrolled: 'mfa.errors.phone_not_enrolled',
  invalid_phone_number: 'mfa.phone.numberFormat',
  totp_already_enabled: 'mfa.errors.totp_already_enabled',
  previously_registered: 'mfa.errors.passkey_exists',
  session_not_fresh: 'mfa.errors.session_not_fresh',
  sms_unavailable: 'mfa.errors.sms_unavailable',
  sms_refused: 'mfa.errors.sms_refused',
  sms_not_sent: 'mfa.errors.sms_not_sent',
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
