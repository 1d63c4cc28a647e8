import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, ApiRequestError } from '@/lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
}

export interface Session {
  user: SessionUser;
}

/** The signed-in user, or null when there is no session. */
export async function getSession(): Promise<Session | null> {
  try {
    const session = await apiFetch<Session | null>('/api/auth/get-session');
    return session?.user ? session : null;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 404)) {
      return null;
    }
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
