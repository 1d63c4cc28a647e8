import { APIError } from 'better-auth/api';

/** The answer to a body its schema refuses: the e-mail is checked as an address there. */
const refusedBySchema = () =>
  new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: '[body.email] Invalid email address',
  });

/** The answer of a call that checks the address itself. */
const invalidEmail = () =>
  new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Invalid email' });

/**
 * How the account system answers a call that takes an address when the address is none, by
 * path: the same answer for an address no person may use tells nothing of it. Signing in
 * with a mailed code checks no address; a code for one that is none is simply not found.
 */
const answers: Record<string, () => APIError> = {
  '/sign-up/email': refusedBySchema,
  '/request-password-reset': refusedBySchema,
  '/send-verification-email': refusedBySchema,
  '/sign-in/email': invalidEmail,
  '/email-otp/send-verification-otp': invalidEmail,
  '/sign-in/email-otp': () =>
    new APIError('BAD_REQUEST', { code: 'INVALID_OTP', message: 'Invalid OTP' }),
};

/** The account system's own refusal of an address that is none, on the call at `path`. */
export function notAnAddress(path: string): APIError {
  return (answers[path] ?? invalidEmail)();
}
