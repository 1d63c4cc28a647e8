import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  staffInvitationAcceptSchema,
  type StaffInvitationAccept,
  type StaffInvitationAccepted,
  type StaffInvitationPreview,
} from '@shared/people';
import { landingPathFor } from '@shared/role';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';
import { peopleKeys } from './people-keys';

const invitationPath = (token: string) => `/api/people/invitations/${encodeURIComponent(token)}`;

/** What a staff invitation's link offers, while it works. */
export function useStaffInvitation(token: string) {
  return useQuery({
    queryKey: peopleKeys.invitation(token),
    queryFn: () => apiFetch<StaffInvitationPreview>(invitationPath(token)),
    retry: false,
  });
}

/** Opens the invited account with the name and password chosen. */
export function acceptStaffInvitation(input: {
  token: string;
  accept: StaffInvitationAccept;
}): Promise<StaffInvitationAccepted> {
  return apiFetch<StaffInvitationAccepted>(`${invitationPath(input.token)}/accept`, {
    method: 'POST',
    body: JSON.stringify(staffInvitationAcceptSchema.parse(input.accept)),
  });
}

/**
 * Opens the invited account, then signs in with it and lands on the role's home (a doctor on
 * the queue). A new account has no second factor yet: the password alone opens its session.
 */
export function useAcceptStaffInvitation() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (input: { token: string; accept: StaffInvitationAccept }) => {
      const made = await acceptStaffInvitation(input);
      await apiFetch<unknown>('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email: made.email, password: input.accept.password }),
      });
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      return made;
    },
    networkMode: 'always',
    onSuccess: (made) => navigate(landingPathFor(made.role), { replace: true }),
  });
}
