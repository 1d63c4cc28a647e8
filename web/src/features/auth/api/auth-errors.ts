import type { TFunction } from 'i18next';
import { maxPasswordLength, minPasswordLength } from '@shared/auth';
import { ApiRequestError } from '@/lib/api-client';
import { PasskeyError } from './passkey-sign-in';

/**
 * The error codes of sign-up, sign-in and reset that have their own words, whether a
 * form field or the server refused. Better Auth's codes arrive lower-cased.
 */
const knownErrors = {
  invalid_email_or_password: 'auth.errors.wrongCredentials',
  email_not_verified: 'auth.errors.emailNotVerified',
  rate_limited: 'auth.errors.rateLimited',
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
} as const;

type KnownCode = keyof typeof knownErrors;

function isKnown(code: string): code is KnownCode {
  return Object.hasOwn(knownErrors, code);
}

const counts = { count: minPasswordLength };
const countsFor = (code: KnownCode) =>
  code === 'password_too_long' ? { count: maxPasswordLength } : counts;

/** The words for a code a form field or the server gave, or undefined when it has none. */
export function knownErrorText(t: TFunction, code: string | undefined): string | undefined {
  if (!code || !isKnown(code)) return undefined;
  return t(knownErrors[code], countsFor(code));
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
 * The password sign-in's three messages of the spec, plus the limits' own: too many
 * tries from here, and an account whose password sign-in is paused by an attack.
 */
const signInCodes: ReadonlySet<string> = new Set<KnownCode>([
  'invalid_email_or_password',
  'email_not_verified',
  'rate_limited',
  'account_protected',
]);

export function signInErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError && signInCodes.has(error.code)) {
    return knownErrorText(t, error.code) ?? t('auth.errors.signInFailed');
  }
  return t('auth.errors.signInFailed');
}
