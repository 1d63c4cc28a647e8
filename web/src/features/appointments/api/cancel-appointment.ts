import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

/** The patient cancels their appointment (allowed until its start). */
export function cancelAppointment(id: string): Promise<Appointment> {
  return apiFetch<Appointment>(`/api/appointments/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: '{}',
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsKeys.all }),
  });
}
