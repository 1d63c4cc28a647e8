import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Factor } from '@shared/mfa';
import { apiFetch } from '@/lib/api-client';

export function getFactors(): Promise<Factor[]> {
  return apiFetch<Factor[]>('/api/mfa/factors');
}

export const factorsQueryOptions = queryOptions({
  queryKey: ['mfa', 'factors'],
  queryFn: getFactors,
});

/** The signed-in user's verified second factors. */
export function useFactors() {
  return useQuery(factorsQueryOptions);
}
