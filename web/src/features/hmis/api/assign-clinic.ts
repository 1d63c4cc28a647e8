import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffClinicSchema, type ClinicStaff } from '@shared/clinics';
import { apiFetch } from '@/lib/api-client';
import { hmisKeys } from './hmis-keys';

/** Puts a doctor or manager in a clinic, or in none (`clinicId` null). */
export function assignClinic(input: {
  userId: string;
  clinicId: string | null;
}): Promise<ClinicStaff> {
  return apiFetch<ClinicStaff>(`/api/clinics/staff/${encodeURIComponent(input.userId)}`, {
    method: 'PUT',
    body: JSON.stringify(staffClinicSchema.parse({ clinicId: input.clinicId })),
  });
}

export function useAssignClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignClinic,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hmisKeys.clinics() }),
  });
}
