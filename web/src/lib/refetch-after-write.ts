import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Asks again for what a write just changed. A load already under way was asked before the
 * write, so it is stopped first: React Query hands a refetch the load under way when the
 * query holds no data yet, and that older answer would hide what was just written.
 */
export async function refetchAfterWrite(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
