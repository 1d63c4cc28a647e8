import type { ParseKeys, TFunction } from 'i18next';
import type { ErrorCode } from '@shared/api-error';
import { ApiRequestError } from './api-client';

/** A key of the app's strings. */
export type ErrorMessageKey = ParseKeys;

/**
 * A screen's own words for error codes: codes only it meets (Better Auth's arrive
 * lower-cased), or a shared code its spec words differently.
 */
export type ErrorMessages = Readonly<Record<string, ErrorMessageKey>>;

/**
 * The codes that read the same on every screen, to their words in the shell's strings:
 * a person told to slow down or that the database is away reads one sentence wherever
 * it happens, not each screen's "please try again".
 */
export const sharedErrorMessages = {
  rate_limited: 'errors.rateLimited',
  service_unavailable: 'errors.serviceUnavailable',
  // The page's address is not the server's PUBLIC_URL: no retry helps, another address does.
  origin_refused: 'errors.originRefused',
  invalid_origin: 'errors.originRefused',
} as const satisfies Partial<Record<ErrorCode, ErrorMessageKey>>;

function isShared(code: string): code is keyof typeof sharedErrorMessages {
  return Object.hasOwn(sharedErrorMessages, code);
}

/** The words for a code: the screen's own first, then the shared ones; undefined when neither knows it. */
export function errorMessageKey(
  code: string | undefined,
  own: ErrorMessages = {},
): ErrorMessageKey | undefined {
  if (code === undefined) return undefined;
  if (Object.hasOwn(own, code)) return own[code];
  return isShared(code) ? sharedErrorMessages[code] : undefined;
}

/**
 * What a person reads when an API call fails: the words for its code, else the screen's
 * fallback (a network failure or a code nobody words goes to the fallback too).
 */
export function errorMessage(
  t: TFunction,
  error: unknown,
  fallback: string,
  own: ErrorMessages = {},
): string {
  const key = error instanceof ApiRequestError ? errorMessageKey(error.code, own) : undefined;
  return key === undefined ? fallback : t(key);
}
