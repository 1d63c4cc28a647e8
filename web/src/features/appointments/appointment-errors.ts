import type { TFunction } from 'i18next';
import { errorMessage, type ErrorMessages } from '@/lib/error-messages';

/** The appointment codes in the booking's and the card's words. */
export const appointmentErrorMessages = {
  slot_taken: 'appointments.errors.slot_taken',
  slot_unavailable: 'appointments.errors.slot_unavailable',
  appointment_exists: 'appointments.errors.appointment_exists',
  appointment_closed: 'appointments.errors.appointment_closed',
  check_in_not_open: 'appointments.errors.check_in_not_open',
  visit_open: 'appointments.errors.visit_open',
  not_found: 'appointments.errors.not_found',
  conflict: 'appointments.errors.conflict',
  validation_failed: 'appointments.errors.validation_failed',
  network: 'appointments.errors.network',
} as const satisfies ErrorMessages;

/** What a person reads when an appointment call fails. */
export function appointmentErrorText(t: TFunction, error: unknown, fallback: string): string {
  return errorMessage(t, error, fallback, appointmentErrorMessages);
}
