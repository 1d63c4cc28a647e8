import { ApiRequestError } from '@/lib/api-client';
import { errorMessageKey, type ErrorMessageKey, type ErrorMessages } from '@/lib/error-messages';
import { phoneCodeErrorMessages } from '@/lib/phone-number';
import { PushUnavailableError } from './push-device';
import { addNotificationsStrings } from './notifications-strings';

addNotificationsStrings();

/**
 * The codes Profile → Notifications meets: the account system's phone codes (lower-cased),
 * in the words Privacy & Security uses for them, since it is the same number and the same
 * codes; and a push service or a setting the server would not take (a refused push
 * endpoint is a 400).
 */
const notificationsErrorMessages = {
  ...phoneCodeErrorMessages,
  invalid_phone_number: 'notifications.phone.numberFormat',
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
