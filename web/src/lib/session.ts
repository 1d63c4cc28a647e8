import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@shared/profile';
import { apiFetch, ApiRequestError } from '@/lib/api-client';

/** The signed-in user with their profile and role, or null without a session. */
export async function getSession(): Promise<Me | null> {
  try {
    return await apiFetch<Me>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: getSession,
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The moment `/api/me` names someone else than the person whose data the cache holds (another
 * account signed in on this device, or the session ended), everything loaded for the first
 * is dropped, before anything renders it. The data kept on the device goes too
 * (`account-data.ts`, from the protected shell).
 */
export function forgetOtherAccounts(queryClient: QueryClient): () => void {
  const sessionHash = hashKey(sessionQueryOptions.queryKey);
  let shown: string | null | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== sessionHash) return;
    // An answer, or data put in place (restored from the device, set after sign-out).
    if (event.action.type !== 'success' && event.action.type !== 'setState') return;
    const data = event.query.state.data as Me | null | undefined;
    if (data === undefined) return;
    const userId = data?.user.id ?? null;
    if (shown !== undefined && userId !== shown) {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0],
      });
    }
    shown = userId;
  });
}
