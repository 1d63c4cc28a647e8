import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

export interface CheckInAnswer {
  appointment: Appointment;
  /** The visit checking in opened: the patient waits in its waiting room. */
  visitId: string;
}

/** E-check-in: puts the patient in the doctor's queue as a scheduled visit. */
export function checkIn(id: string): Promise<CheckInAnswer> {
  return apiFetch<CheckInAnswer>(`/api/appointments/${encodeURIComponent(id)}/check-in`, {
    method: 'POST',
    body: '{}',
  });
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    networkMode: 'always',
    onSuccess: (answer) => queryClient.setQueryData(appointmentsKeys.next(), answer.appointment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsKeys.all }),
  });
}
