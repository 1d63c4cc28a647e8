import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Medication } from '@shared/medications';
import { apiFetch } from '@/lib/api-client';
import { medicationsKeys } from './medications-keys';

export function getMedications(patientId: string): Promise<Medication[]> {
  return apiFetch<Medication[]>(`/api/patients/${encodeURIComponent(patientId)}/medications`);
}

export function medicationsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: medicationsKeys.of(patientId),
    queryFn: () => getMedications(patientId),
  });
}

/** A patient's prescriptions, active ones first; a patient reads their own under their id. */
export function useMedications(patientId: string | undefined) {
  return useQuery({
    ...medicationsQueryOptions(patientId ?? ''),
    enabled: patientId !== undefined,
  });
}
