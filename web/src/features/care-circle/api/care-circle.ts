import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationRequestSchema,
  loginInvitationRequestSchema,
  newDependentSchema,
  permissionsChangeSchema,
  type CareCircle,
  type CarePermissions,
  type Caregiver,
  type Dependent,
  type InvitationRequest,
  type LoginInvitationRequest,
  type NewDependentInput,
  type PendingInvitation,
} from '@shared/care-circle';
import { apiFetch } from '@/lib/api-client';
import { caringForQueryOptions } from '@/lib/caring-for';

/** Every query of the patient's own circle starts with `care-circle`. */
export const careCircleKeys = {
  all: ['care-circle'] as const,
};

export const careCircleQueryOptions = queryOptions({
  queryKey: careCircleKeys.all,
  queryFn: () => apiFetch<CareCircle>('/api/care-circle'),
});

/** The signed-in patient's own care circle. */
export function useCareCircle() {
  return useQuery(careCircleQueryOptions);
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
});

export function sendInvitation(input: InvitationRequest): Promise<PendingInvitation> {
  const body = invitationRequestSchema.parse(input);
  return apiFetch<PendingInvitation>('/api/care-circle/invitations', json('POST', body));
}

export function cancelInvitation(id: string): Promise<void> {
  return apiFetch<undefined>(`/api/care-circle/invitations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function changePermissions(input: {
  id: string;
  permissions: CarePermissions;
}): Promise<Caregiver> {
  const body = permissionsChangeSchema.parse({ permissions: input.permissions });
  return apiFetch<Caregiver>(
    `/api/care-circle/caregivers/${encodeURIComponent(input.id)}`,
    json('PATCH', body),
  );
}

export function removeCaregiver(id: string): Promise<void> {
  return apiFetch<undefined>(`/api/care-circle/caregivers/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function addDependent(input: NewDependentInput): Promise<Dependent> {
  const body = newDependentSchema.parse(input);
  return apiFetch<Dependent>('/api/care-circle/dependents', json('POST', body));
}

/** Mails a family member without a login a link to their own. */
export function sendLoginInvitation(
  input: LoginInvitationRequest & { dependentId: string },
): Promise<PendingInvitation> {
  const body = loginInvitationRequestSchema.parse({ email: input.email });
  return apiFetch<PendingInvitation>(
    `/api/care-circle/dependents/${encodeURIComponent(input.dependentId)}/login-invitation`,
    json('POST', body),
  );
}

/**
 * A change to the circle: the circle is asked again, and so is whom the account cares for.
 * The change is done once the server answers, not once the lists are read again: a row that
 * the new list no longer has (a caregiver removed) is still there to say so.
 */
function useCircleMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: careCircleKeys.all });
      void queryClient.invalidateQueries({ queryKey: caringForQueryOptions.queryKey });
    },
  });
}

export const useSendInvitation = () => useCircleMutation(sendInvitation);
export const useCancelInvitation = () => useCircleMutation(cancelInvitation);
export const useChangePermissions = () => useCircleMutation(changePermissions);
export const useRemoveCaregiver = () => useCircleMutation(removeCaregiver);
export const useAddDependent = () => useCircleMutation(addDependent);
export const useSendLoginInvitation = () => useCircleMutation(sendLoginInvitation);
