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
    // The card stops showing it at once; the next one, if any, comes with the refetch.
    onSuccess: (cancelled) =>
      queryClient.setQueryData(appointmentsKeys.next(), (next: Appointment | null | undefined) =>
        next?.id === cancelled.id ? null : next,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentsKeys.all }),
  });
}
