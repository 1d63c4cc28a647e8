import { queryOptions, useQuery } from '@tanstack/react-query';
import { clinicToday, type ClinicDay } from '@shared/clinic-time';
import type { Dose } from '@shared/medications';
import { apiFetch } from '@/lib/api-client';
import { medicationsKeys } from './medications-keys';

export function getDoses(patientId: string, day: ClinicDay): Promise<Dose[]> {
  const query = new URLSearchParams({ day });
  return apiFetch<Dose[]>(`/api/patients/${encodeURIComponent(patientId)}/doses?${query}`);
}

/** The doses of a clinic day, today's in clinic time unless another is named. */
export function dosesQueryOptions(patientId: string, day: ClinicDay = clinicToday()) {
  return queryOptions({
    queryKey: medicationsKeys.dosesOn(patientId, day),
    queryFn: () => getDoses(patientId, day),
  });
}

/** Today's doses (the clinic's day, whatever the phone's zone), in time order. */
export function useTodaysDoses(patientId: string | undefined) {
  return useQuery({
    ...dosesQueryOptions(patientId ?? ''),
    enabled: patientId !== undefined,
  });
}
