import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewSmartClient, SmartClient, SmartClientList } from '@shared/smart-clients';
import { apiFetch } from '@/lib/api-client';

const systemsKey = ['people', 'smart-clients'] as const;

/** The FHIR systems registered (SMART Backend Services), newest first: the superadmin's. */
export function useSmartClients() {
  return useQuery({
    queryKey: systemsKey,
    queryFn: () => apiFetch<SmartClientList>('/api/smart-clients'),
  });
}

/**
 * Registers a system with its public keys and the scopes it may be granted. The form checks
 * what it can without the shared schema (`section`'s `problemOf`): the schema's JWK parts would
 * bring zod's record and loose-object code into the chunk every page loads first, past /login's
 * budget; the server checks the rest with it and says which part it refused.
 */
export function useRegisterSmartClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: NewSmartClient) =>
      apiFetch<SmartClient>('/api/smart-clients', {
        method: 'POST',
        body: JSON.stringify(client),
      }),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemsKey }),
  });
}

/** Removes a system: its tokens stop working and it can get no other. */
export function useRemoveSmartClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiFetch<undefined>(`/api/smart-clients/${encodeURIComponent(clientId)}`, {
        method: 'DELETE',
      }),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemsKey }),
  });
}
