import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  staffInvitationRequestSchema,
  type Person,
  type StaffInvitationRequest,
} from '@shared/people';
import { apiFetch } from '@/lib/api-client';
import { peopleKeys } from './people-keys';

/** Mails a staff member a link to choose a password, with their role and clinic. */
export function inviteStaff(request: StaffInvitationRequest): Promise<Person> {
  return apiFetch<Person>('/api/people/invitations', {
    method: 'POST',
    body: JSON.stringify(staffInvitationRequestSchema.parse(request)),
  });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all() }),
  });
}
