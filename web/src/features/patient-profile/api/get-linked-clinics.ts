import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkedClinics } from '@shared/profile';
import { apiFetch } from '@/lib/api-client';

export const linkedClinicsQueryOptions = queryOptions({
  queryKey: ['profile', 'clinics'] as const,
  queryFn: () => apiFetch<LinkedClinics>('/api/profile/clinics'),
});

/** The clinics that care for the signed-in person, asked when `enabled` (the list is open). */
export function useLinkedClinics(enabled: boolean) {
  return useQuery({ ...linkedClinicsQueryOptions, enabled });
}
