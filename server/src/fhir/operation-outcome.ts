import type { OperationOutcome, OperationOutcomeIssue } from 'fhir/r4';
import type { ApiErrorCode } from '@shared/api-error';

/** The FHIR issue type of each of the app's error codes; anything else is an exception. */
const issueTypes: Partial<Record<ApiErrorCode, OperationOutcomeIssue['code']>> = {
  validation_failed: 'invalid',
  bad_request: 'invalid',
  unauthorized: 'login',
  forbidden: 'forbidden',
  care_access_ended: 'forbidden',
  not_found: 'not-found',
  rate_limited: 'throttled',
  conflict: 'conflict',
  service_unavailable: 'transient',
};

/**
 * An error as FHIR answers it: an OperationOutcome with one issue, its type from the app's
 * error code and the same plain message the app would give.
 */
export function operationOutcome(code: ApiErrorCode, message: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: issueTypes[code] === undefined ? 'fatal' : 'error',
        code: issueTypes[code] ?? 'exception',
        diagnostics: message,
      },
    ],
  };
}

/**
 * An OperationOutcome the FHIR API writes itself, outside the app's error codes: a method
 * or a format it does not serve, a search parameter it did not read.
 */
export function outcomeOf(
  severity: OperationOutcomeIssue['severity'],
  code: OperationOutcomeIssue['code'],
  messages: string[],
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: messages.map((diagnostics) => ({ severity, code, diagnostics })),
  };
}
