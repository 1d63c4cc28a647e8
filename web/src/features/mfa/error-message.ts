import { ApiRequestError } from '@/lib/api-client';
import { PasskeyUnsupportedError } from './api/add-passkey';
import type en from './locales/en.json';

export type MfaMessageKey =
  | `mfa.errors.${keyof typeof en.errors}`
  | 'mfa.passkey.cancelled'
  | 'mfa.passkey.unsupported'
  | 'mfa.phone.numberFormat';

/** Server codes (ours and the account system's, lower-cased) to what the person reads. */
const byCode: Record<string, MfaMessageKey> = {
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
  rate_limited: 'mfa.errors.rate_limited',
  network: 'mfa.errors.network',
};

export function mfaErrorKey(error: unknown): MfaMessageKey {
  if (error instanceof ApiRequestError) return byCode[error.code] ?? 'mfa.errors.generic';
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
