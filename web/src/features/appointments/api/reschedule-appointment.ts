import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  rescheduleAppointmentSchema,
  type Appointment,
  type RescheduleAppointment,
} from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';
import { showAsNext } from './show-as-next';

export interface RescheduleInput {
  id: string;
  change: RescheduleAppointment;
}

/** Moves a booked appointment to another free slot. */
export function rescheduleAppointment({ id, change }: RescheduleInput): Promise<Appointment> {
  const body = rescheduleAppointmentSchema.parse(change);
  return apiFetch<Appointment>(`/api/appointments/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    networkMode: 'always',
    onSuccess: (appointment) => showAsNext(queryClient, appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsKeys.all }),
  });
}
