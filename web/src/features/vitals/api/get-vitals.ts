import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VitalsReading } from '@shared/vitals';
import { apiFetch } from '@/lib/api-client';
import { vitalsKeys } from './vitals-keys';

export function getVitals(patientId: string): Promise<VitalsReading[]> {
  return apiFetch<VitalsReading[]>(`/api/patients/${encodeURIComponent(patientId)}/vitals`);
}

export function vitalsQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: vitalsKeys.of(patientId),
    queryFn: () => getVitals(patientId),
  });
}

/** A patient's readings, newest first; a patient reads their own under their account's id. */
export function useVitals(patientId: string | undefined) {
  return useQuery({
    ...vitalsQueryOptions(patientId ?? ''),
    enabled: patientId !== undefined,
  });
}
