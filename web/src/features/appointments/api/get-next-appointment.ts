import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

export async function getNextAppointment(): Promise<Appointment | null> {
  const answer = await apiFetch<{ appointment: Appointment | null }>('/api/appointments/next');
  return answer.appointment;
}

export const nextAppointmentQueryOptions = queryOptions({
  queryKey: appointmentsKeys.next(),
  queryFn: getNextAppointment,
});

/** Its status moves on the server (a no-show, the doctor starting the visit): read it again each minute. */
const nextRefreshMs = 60_000;

/** The patient's next appointment not over yet, or null: the home card's. */
export function useNextAppointment(enabled = true) {
  return useQuery({ ...nextAppointmentQueryOptions, enabled, refetchInterval: nextRefreshMs });
}
