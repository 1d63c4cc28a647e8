import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicHours } from '@shared/appointments';
import { apiFetch } from '@/lib/api-client';

/** The virtual clinic's hours, from the doctors' saved hours, and who is on duty now. */
export function getClinicHours(): Promise<ClinicHours> {
  return apiFetch<ClinicHours>('/api/clinic/hours');
}

export const clinicHoursQueryOptions = queryOptions({
  queryKey: ['clinic-hours'],
  queryFn: getClinicHours,
  // Whether a doctor is on duty changes with the clock: read again each few minutes.
  refetchInterval: 5 * 60_000,
});

export function useClinicHours() {
  return useQuery(clinicHoursQueryOptions);
}
