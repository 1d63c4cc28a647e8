import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  clinicChangeSchema,
  newClinicSchema,
  type Clinic,
  type ClinicChange,
  type NewClinic,
} from '@shared/clinics';
import { apiFetch } from '@/lib/api-client';
import { hmisKeys } from './hmis-keys';

/** Adds a clinic (no `id`) or renames one and sets its organisation unit. */
export function saveClinic(input: {
  id?: string;
  clinic: NewClinic | ClinicChange;
}): Promise<Clinic> {
  if (input.id === undefined) {
    return apiFetch<Clinic>('/api/clinics', {
      method: 'POST',
      body: JSON.stringify(newClinicSchema.parse(input.clinic)),
    });
  }
  return apiFetch<Clinic>(`/api/clinics/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: JSON.stringify(clinicChangeSchema.parse(input.clinic)),
  });
}

export function useSaveClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClinic,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hmisKeys.clinics() }),
  });
}
