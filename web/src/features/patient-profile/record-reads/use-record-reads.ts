import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordReads } from '@shared/audit';
import { apiFetch } from '@/lib/api-client';

export const recordReadsQuery = queryOptions({
  queryKey: ['audit', 'my-record'] as const,
  queryFn: () => apiFetch<RecordReads>('/api/audit/my-record'),
});

/** Who read the signed-in person's own record, from the audit trail. */
export const useRecordReads = () => useQuery(recordReadsQuery);
