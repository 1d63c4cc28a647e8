import type { TFunction } from 'i18next';
import { errorMessage, type ErrorMessages } from '@/lib/error-messages';

/** The visit codes in the words of the visit screens; the shared codes come from the app's table. */
export const visitErrorMessages = {
  visit_taken: 'visits.errors.visit_taken',
  visit_closed: 'visits.errors.visit_closed',
  visit_not_ready: 'visits.errors.visit_not_ready',
  not_found: 'visits.errors.not_found',
  network: 'visits.errors.network',
} as const satisfies ErrorMessages;

/** What a person reads when a visit call fails. */
export function visitErrorText(t: TFunction, error: unknown, fallback: string): string {
  return errorMessage(t, error, fallback, visitErrorMessages);
}
