import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicsOverview } from '@shared/clinics';
import { apiFetch } from '@/lib/api-client';
import { hmisKeys } from './hmis-keys';

export const clinicsQuery = queryOptions({
  queryKey: hmisKeys.clinics(),
  queryFn: () => apiFetch<ClinicsOverview>('/api/clinics'),
});

export const useClinics = () => useQuery(clinicsQuery);
