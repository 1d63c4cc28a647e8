import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';
import { appointmentsKeys } from './appointments-keys';

/** The patient's appointments: upcoming, soonest first, then past, latest first. */
export function getAppointments(): Promise<Appointment[]> {
  return apiFetch<Appointment[]>('/api/appointments');
}

export const appointmentsQueryOptions = queryOptions({
  queryKey: appointmentsKeys.mine(),
  queryFn: getAppointments,
});

export function useAppointments(enabled = true) {
  return useQuery({ ...appointmentsQueryOptions, enabled });
}
