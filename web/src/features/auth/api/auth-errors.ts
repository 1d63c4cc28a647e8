import type { TFunction } from 'i18next';
import { maxPasswordLength, minPasswordLength } from '@shared/auth';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage, errorMessageKey, type ErrorMessages } from '@/lib/error-messages';
import { PasskeyError } from './passkey-sign-in';

/**
 * The error codes of sign-up, sign-in and reset that have their own words, whether a
 * form field or the server refused; the codes every screen shares (too many tries, the
 * database away) come from the app's table. Better Auth's codes arrive lower-cased.
 */
const authErrorMessages = {
  invalid_email_or_password: 'auth.errors.wrongCredentials',
  email_not_verified: 'auth.errors.emailNotVerified',
  account_deactivated: 'auth.errors.accountDeactivated',
  account_protected: 'auth.errors.accountProtected',
  invitation_code_required: 'auth.errors.inviteCodeRequired',
  invitation_code_invalid: 'auth.errors.inviteCodeInvalid',
  password_too_short: 'auth.errors.passwordTooShort',
  password_too_long: 'auth.errors.passwordTooLong',
  email_required: 'auth.errors.emailRequired',
  invalid_email: 'auth.errors.invalidEmail',
  password_required: 'auth.errors.passwordRequired',
  user_already_exists: 'auth.errors.userExists',
  user_already_exists_use_another_email: 'auth.errors.userExists',
  invalid_otp: 'auth.errors.invalidCode',
  otp_expired: 'auth.errors.invalidCode',
  invalid_code: 'auth.errors.invalidCode',
  otp_has_expired: 'auth.errors.invalidCode',
  too_many_attempts: 'auth.errors.tooManyCodeAttempts',
  too_many_attempts_request_new_code: 'auth.errors.tooManyCodeAttempts',
  invalid_backup_code: 'auth.errors.invalidBackupCode',
  invalid_token: 'auth.errors.invalidToken',
  phone_not_enrolled: 'auth.errors.phoneNotEnrolled',
  passkey_cancelled: 'auth.errors.passkeyCancelled',
  passkey_not_found: 'auth.errors.passkeyNotFound',
  passkey_unsupported: 'auth.errors.passkeyUnsupported',
  network: 'auth.errors.network',
} as const satisfies ErrorMessages;

const countFor = (code: string) =>
  code === 'password_too_long' ? maxPasswordLength : minPasswordLength;

/** The words for a code a form field or the server gave, or undefined when it has none. */
export function knownErrorText(t: TFunction, code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  const key = errorMessageKey(code, authErrorMessages);
  return key === undefined ? undefined : t(key, { count: countFor(code) });
}

/**
 * What a person reads when an auth call fails: the translated words for a known code;
 * otherwise the server's own message where the spec shows it (`serverMessage`), else
 * the given fallback.
 */
export function authErrorText(
  t: TFunction,
  error: unknown,
  fallback: string,
  { serverMessage = false }: { serverMessage?: boolean } = {},
): string {
  if (error instanceof PasskeyError) return knownErrorText(t, error.code) ?? fallback;
  if (error instanceof ApiRequestError) {
    const known = knownErrorText(t, error.code);
    if (known) return known;
    if (serverMessage && error.status > 0 && error.status < 500 && error.message) {
      return error.message;
    }
  }
  return fallback;
}

/**
 * The password sign-in's three messages of the spec, plus the account limit's own: an
 * account whose password sign-in is paused by an attack. The codes every screen shares
 * (too many tries from here, the database away) keep their own words; anything else
 * reads as the spec's "Unable to sign in".
 */
const signInCodes: ReadonlySet<string> = new Set([
  'invalid_email_or_password',
  'email_not_verified',
  'account_deactivated',
  'account_protected',
]);

export function signInErrorText(t: TFunction, error: unknown): string {
  const fallback = t('auth.errors.signInFailed');
  if (error instanceof ApiRequestError && signInCodes.has(error.code)) {
    return knownErrorText(t, error.code) ?? fallback;
  }
  return errorMessage(t, error, fallback);
}
