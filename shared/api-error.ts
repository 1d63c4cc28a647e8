import * as z from 'zod/mini';

/**
 * The SMART token endpoint's OAuth 2.0 errors (RFC 6749 §5.2), answered there in OAuth's own
 * shape (`{ error, error_description }`): a parameter missing, repeated or wrong; the client
 * not authenticated (unknown, removed, or its assertion refused); a grant refused; no scope
 * left to grant; a grant type other than client credentials.
 */
export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'unsupported_grant_type',
] as const;
export type OAuthErrorCode = (typeof oauthErrorCodes)[number];

/** The codes Sewa's own server code answers with, each with one HTTP status (`AppError`). */
export const serverErrorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  /** A state-changing call from an origin the server does not accept (`http/allowed-origins.ts`). */
  'origin_refused',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'account_protected',
  'service_unavailable',
  'internal',
  /** `POST /api/clinic/verify`: the key is not one of the server's. */
  'invalid_clinic_key',
  /** `DELETE /api/mfa/factors/:id`: Better Auth's own code for the same mistake, so one translation serves both. */
  'invalid_password',
  /** `POST /api/visits/:id/start`: another doctor started it first. */
  'visit_taken',
  /** A visit that has finished, was cancelled or was a no-show cannot be joined or changed. */
  'visit_closed',
  /** The visit is not at the step the call needs (joining before a doctor starts, a summary before the end). */
  'visit_not_ready',
  /** `PUT /api/uploads/:id`: the account's photos already take all the room it has. */
  'photo_storage_full',
  /** Booking or rescheduling: another patient holds that slot ("That time was just taken."). */
  'slot_taken',
  /** Booking or rescheduling: the time is not a free slot of the doctor's hours (past, off, beyond the horizon, off the grid). */
  'slot_unavailable',
  /** Booking or rescheduling: the patient already has an appointment with this doctor that day. */
  'appointment_exists',
  /** The appointment is past the step asked for (cancelled, checked in, started, a no-show). */
  'appointment_closed',
  /** `POST /api/appointments/:id/check-in` outside its window: before it opens, or after the no-show. */
  'check_in_not_open',
  /** `POST /api/appointments/:id/check-in`: the patient is already in a visit (the waiting room or a call). */
  'visit_open',
  /** `POST /api/push/subscriptions`: the endpoint is not `https:` at one of the push services the server knows. */
  'push_endpoint_refused',
  /** Any call acting for a patient whose grant to the caller has ended: the device forgets them. */
  'care_access_ended',
  /** `POST /api/hmis/report/send`: DHIS2 refused the server's user name and password. */
  'dhis2_unauthorized',
  /** `POST /api/hmis/report/send`: DHIS2 did not answer, timed out, or answered without an import summary. */
  'dhis2_unavailable',
  /** `POST /api/hmis/report/send` with `dryRun: false`: the month has not ended in clinic time. */
  'hmis_month_not_ended',
  /** The clinic's today is past the last BS year Sewa's calendar table holds (`bs-calendar-table.ts`). */
  'bs_calendar_ended',
  /** The SMART token endpoint's OAuth 2.0 errors (`oauthErrorCodes`). */
  ...oauthErrorCodes,
] as const;

export type ServerErrorCode = (typeof serverErrorCodes)[number];

/**
 * The account system's (Better Auth's) codes that pass through `/api/auth/*` lower-cased:
 * those our own hooks throw, then those of its own the web app has words for.
 */
export const accountErrorCodes = [
  // Thrown by Sewa's hooks into the account system.
  'invitation_code_required',
  'invitation_code_invalid',
  'invalid_otp_type',
  'phone_number_sign_in_disabled',
  'phone_not_enrolled',
  'sms_unavailable',
  'sms_refused',
  'sms_not_sent',
  /** `POST /api/auth/phone-number/send-otp`: a number outside the countries the server texts (`SMS_COUNTRY_CODES`). */
  'phone_country_not_allowed',
  /** Sign-in to an account an admin deactivated (a person who left): refused whatever the password. */
  'account_deactivated',
  'invalid_token',
  'field_not_allowed',
  // Better Auth's own.
  'invalid_email_or_password',
  'email_not_verified',
  'password_too_short',
  'password_too_long',
  'user_already_exists',
  'user_already_exists_use_another_email',
  'invalid_otp',
  'invalid_code',
  'otp_expired',
  'otp_has_expired',
  'otp_not_found',
  'too_many_attempts',
  'too_many_attempts_request_new_code',
  'invalid_backup_code',
  'invalid_phone_number',
  'phone_number_exist',
  'totp_already_enabled',
  'passkey_not_found',
  'previously_registered',
  'session_not_fresh',
  /** Its own refusal of an origin or callback URL outside its trusted origins. */
  'invalid_origin',
] as const;

export type AccountErrorCode = (typeof accountErrorCodes)[number];

/** Every code the API is known to answer with. */
export const errorCodes = [...serverErrorCodes, ...accountErrorCodes] as const;

export type ErrorCode = ServerErrorCode | AccountErrorCode;

/**
 * A code of the account system this list does not name: Better Auth may add codes in any
 * release, and they pass through unchanged. Written this way so editors still offer the
 * listed codes.
 */
export type UnlistedAccountCode = string & Record<never, never>;

/** What `error.code` of an answer may hold. */
export type ApiErrorCode = ErrorCode | UnlistedAccountCode;

/**
 * Every refused or failed API call answers with this body. `code` is stable and
 * is what the web app translates; `message` is English for logs and other clients.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});

export interface ApiError {
  error: { code: ApiErrorCode; message: string };
}

/** The code a 4xx answer means when nothing more specific is known. */
export function codeForClientStatus(status: number): ServerErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}
