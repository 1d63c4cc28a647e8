import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaredFor, InvitationPreview } from '@shared/care-circle';
import { apiFetch } from '@/lib/api-client';
import { caringForQueryOptions } from '@/lib/caring-for';

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['care-invitation', token],
    queryFn: () =>
      apiFetch<InvitationPreview>(`/api/care-invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/** What an invitation's link offers; no sign-in needed. */
export function useInvitationPreview(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export function acceptInvitation(token: string): Promise<CaredFor> {
  return apiFetch<CaredFor>(`/api/care-invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body: '{}',
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caringForQueryOptions.queryKey }),
  });
}
