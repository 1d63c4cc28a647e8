import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Chart } from '@shared/chart';
import { apiFetch } from '@/lib/api-client';

export const chartKeys = {
  all: ['chart'] as const,
  of: (patientId: string) => ['chart', patientId] as const,
};

export function getChart(patientId: string): Promise<Chart> {
  return apiFetch<Chart>(`/api/patients/${encodeURIComponent(patientId)}/chart`);
}

export function chartQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: chartKeys.of(patientId),
    queryFn: () => getChart(patientId),
  });
}

/** A patient's chart: who they are, vitals, medications, visits and documents. */
export function useChart(patientId: string) {
  return useQuery(chartQueryOptions(patientId));
}
