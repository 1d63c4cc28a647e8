import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loginClaimSchema,
  type CaredFor,
  type InvitationPreview,
  type LoginClaimed,
} from '@shared/care-circle';
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

/** A dependent's own login: the password for the address the link was mailed to. */
export function claimLogin(input: { token: string; password: string }): Promise<LoginClaimed> {
  const body = loginClaimSchema.parse({ password: input.password });
  return apiFetch<LoginClaimed>(`/api/care-invitations/${encodeURIComponent(input.token)}/claim`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function useClaimLogin() {
  return useMutation({ mutationFn: claimLogin });
}
