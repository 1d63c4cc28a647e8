import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { AuditExportQuery, AuditPage, PausedAccounts } from '@shared/audit';
import { apiFetch } from '@/lib/api-client';

/** The filters the page asks the trail with: the export's, which a page shares. */
export type AuditFilters = AuditExportQuery;

/** The filters as a query string, without the ones left empty. */
export function searchOf(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams(extra);
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value !== '') search.set(name, value);
  }
  return search.toString();
}

const pageSize = '50';

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', 'trail', filters] as const,
    queryFn: ({ pageParam }) =>
      apiFetch<AuditPage>(
        `/api/audit?${searchOf(filters, { limit: pageSize, ...(pageParam ? { before: pageParam } : {}) })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

/** The trail, newest first, a page at a time, for these filters. */
export const useAuditTrail = (filters: AuditFilters) => useInfiniteQuery(auditQuery(filters));

export const pausedAccountsQuery = queryOptions({
  queryKey: ['audit', 'paused-accounts'] as const,
  queryFn: () => apiFetch<PausedAccounts>('/api/audit/paused-accounts'),
});

/** The accounts whose password sign-in is paused now. */
export const usePausedAccounts = () => useQuery(pausedAccountsQuery);

/** Where the CSV of these filters downloads from (the session's cookie goes with it). */
export function exportHref(filters: AuditFilters): string {
  const search = searchOf(filters);
  return search === '' ? '/api/audit/export' : `/api/audit/export?${search}`;
}
