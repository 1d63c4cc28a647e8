import { ApiRequestError } from '@/lib/api-client';
import { errorMessageKey, type ErrorMessageKey, type ErrorMessages } from '@/lib/error-messages';
import { PushUnavailableError } from './push-device';

/**
 * The codes Profile → Notifications meets: the account system's phone codes (lower-cased),
 * in the words Privacy & Security uses for them, since it is the same number and the same
 * codes; and a push service or a setting the server would not take (a refused push
 * endpoint is a 400).
 */
const notificationsErrorMessages = {
  invalid_code: 'mfa.errors.invalid_code',
  invalid_otp: 'mfa.errors.invalid_code',
  otp_not_found: 'mfa.errors.code_expired',
  otp_expired: 'mfa.errors.code_expired',
  otp_has_expired: 'mfa.errors.code_expired',
  too_many_attempts: 'mfa.errors.too_many_attempts',
  too_many_attempts_request_new_code: 'mfa.errors.too_many_attempts',
  phone_number_exist: 'mfa.errors.phone_number_exist',
  invalid_phone_number: 'notifications.phone.numberFormat',
  session_not_fresh: 'mfa.errors.session_not_fresh',
  sms_unavailable: 'mfa.errors.sms_unavailable',
  sms_refused: 'mfa.errors.sms_refused',
  sms_not_sent: 'mfa.errors.sms_not_sent',
  push_endpoint_refused: 'notifications.errors.push_endpoint_refused',
  validation_failed: 'notifications.errors.refused',
  network: 'notifications.errors.network',
} as const satisfies ErrorMessages;

export function notificationsErrorKey(error: unknown): ErrorMessageKey {
  if (error instanceof PushUnavailableError) return `notifications.push.${error.reason}`;
  if (error instanceof ApiRequestError) {
    return (
      errorMessageKey(error.code, notificationsErrorMessages) ?? 'notifications.errors.generic'
    );
  }
  // The browser's own refusal to subscribe: notifications blocked for the site.
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return 'notifications.push.denied';
  }
  // The browser could not register with its push service (offline, or the service is down).
  if (error instanceof DOMException && error.name === 'AbortError') {
    return 'notifications.push.unreachable';
  }
  return 'notifications.errors.generic';
}
