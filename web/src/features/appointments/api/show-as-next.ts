import type { QueryClient } from '@tanstack/react-query';
import type { Appointment } from '@shared/appointments';
import { appointmentsKeys } from './appointments-keys';

/**
 * A booked or moved appointment shows on the home card at once when it is the next one (the
 * card's refetch confirms it): the home is not first drawn with what was there before.
 */
export function showAsNext(queryClient: QueryClient, appointment: Appointment): void {
  queryClient.setQueryData(appointmentsKeys.next(), (next: Appointment | null | undefined) => {
    if (next === undefined) return next;
    if (next === null || next.id === appointment.id) return appointment;
    return Date.parse(appointment.startsAt) < Date.parse(next.startsAt) ? appointment : next;
  });
}
