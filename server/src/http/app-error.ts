import type { ApiErrorCode, ServerErrorCode } from '@shared/api-error';

const statusByCode: Record<ServerErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  origin_refused: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  account_protected: 429,
  service_unavailable: 503,
  internal: 500,
  invalid_clinic_key: 400,
  invalid_password: 400,
  visit_taken: 409,
  visit_closed: 409,
  visit_not_ready: 409,
  photo_storage_full: 413,
  slot_taken: 409,
  slot_unavailable: 409,
  appointment_exists: 409,
  appointment_closed: 409,
  check_in_not_open: 409,
  visit_open: 409,
  push_endpoint_refused: 400,
  care_access_ended: 403,
  dhis2_unauthorized: 502,
  dhis2_unavailable: 502,
  hmis_month_not_ended: 409,
  bs_calendar_ended: 503,
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  invalid_scope: 400,
  unsupported_grant_type: 400,
};

/** The one error type routes throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ServerErrorCode,
    message: string,
    /** Sent as `Retry-After`: when the same call may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

/**
 * A refusal of the account system under /api/auth, with the code and status it gave;
 * it reaches the client through the same error handler as every other failure.
 */
export class AccountSystemRefusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** The account system failed on its side; the error handler says whether the database is why. */
export class AccountSystemFailure extends Error {}
