import { queryOptions, useQuery } from '@tanstack/react-query';
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
