import { sendPhoneCodeSchema, verifyPhoneSchema } from '@shared/mfa';
import { apiFetch } from './api-client';

/**
 * The account's phone number, through the account system's phone plugin: one number serves
 * the phone second step (Privacy & Security) and texts (Profile → Notifications), so both
 * screens make these same two calls and read their refusals in the same words.
 */

/** Texts a 6-digit code to the number (the development outbox stands in for the gateway). */
export function sendPhoneCode({ phoneNumber }: { phoneNumber: string }): Promise<unknown> {
  const body = sendPhoneCodeSchema.parse({ phoneNumber });
  return apiFetch('/api/auth/phone-number/send-otp', {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** Confirms the texted code and saves the number as the signed-in person's own. */
export function verifyPhone(input: { phoneNumber: string; code: string }): Promise<unknown> {
  const body = verifyPhoneSchema.parse(input);
  return apiFetch('/api/auth/phone-number/verify', {
    method: 'POST',
    body: JSON.stringify({ ...body, updatePhoneNumber: true }),
  });
}

/** The phone plugin's and the gateway's codes (lower-cased), in Privacy & Security's words. */
export const phoneCodeErrorMessages = {
  invalid_code: 'mfa.errors.invalid_code',
  invalid_otp: 'mfa.errors.invalid_code',
  otp_not_found: 'mfa.errors.code_expired',
  otp_expired: 'mfa.errors.code_expired',
  otp_has_expired: 'mfa.errors.code_expired',
  too_many_attempts: 'mfa.errors.too_many_attempts',
  too_many_attempts_request_new_code: 'mfa.errors.too_many_attempts',
  phone_number_exist: 'mfa.errors.phone_number_exist',
  session_not_fresh: 'mfa.errors.session_not_fresh',
  sms_unavailable: 'mfa.errors.sms_unavailable',
  sms_refused: 'mfa.errors.sms_refused',
  sms_not_sent: 'mfa.errors.sms_not_sent',
  phone_country_not_allowed: 'mfa.errors.phone_country_not_allowed',
} as const;
