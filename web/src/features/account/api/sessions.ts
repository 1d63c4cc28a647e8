import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** One of the account's sessions, as the account system lists them. */
export interface AccountSession {
  id: string;
  createdAt: string;
  updatedAt: string;
  userAgent?: string | null;
  ipAddress?: string | null;
}

/** The account's sessions, and which of them is this device's. */
export interface AccountSessions {
  sessions: AccountSession[];
  currentId: string | null;
}

async function getSessions(): Promise<AccountSessions> {
  const [sessions, current] = await Promise.all([
    apiFetch<AccountSession[]>('/api/auth/list-sessions'),
    apiFetch<{ session: { id: string } } | null>('/api/auth/get-session'),
  ]);
  const currentId = current?.session.id ?? null;
  // This device first, then the most recently used.
  const order = (session: AccountSession) =>
    session.id === currentId ? Infinity : Date.parse(session.updatedAt);
  return { sessions: [...sessions].sort((a, b) => order(b) - order(a)), currentId };
}

export const sessionsQueryOptions = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: getSessions,
});

export function useAccountSessions() {
  return useQuery(sessionsQueryOptions);
}

/** Ends every session of the account but this device's. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiFetch('/api/auth/revoke-other-sessions', { method: 'POST', body: '{}' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}
