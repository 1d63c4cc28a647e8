import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/session';
import { factorsQueryOptions } from './get-factors';

/** After a factor comes or goes: the list, and `twoFactorEnabled` in the session. */
export async function refreshFactors(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: factorsQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  ]);
}
