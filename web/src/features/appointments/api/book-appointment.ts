import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bookAppointmentSchema,
  type Appointment,
  type BookAppointment,
} from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';
import { showAsNext } from './show-as-next';

/** Books a free slot under an id of the client's, so a resend stores it once. */
export function bookAppointment(input: BookAppointment): Promise<Appointment> {
  const body = bookAppointmentSchema.parse(input);
  return apiFetch<Appointment>('/api/appointments', {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    // Booking needs the server's answer there and then; offline it fails at once.
    networkMode: 'always',
    onSuccess: (appointment) => showAsNext(queryClient, appointment),
    // Booked or refused, the slots and the home card are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsKeys.all }),
  });
}
