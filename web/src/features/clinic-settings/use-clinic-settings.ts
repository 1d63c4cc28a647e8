import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClinicSettings, ClinicSettingsInput } from '@shared/clinic-settings';
import { apiFetch } from '@/lib/api-client';

export const clinicSettingsQuery = queryOptions({
  queryKey: ['clinic-settings'] as const,
  queryFn: () => apiFetch<ClinicSettings>('/api/clinic-settings'),
  // An administrator without a clinic is told so; asking again changes nothing.
  retry: false,
});

/** The administrator's own clinic's settings. */
export const useClinicSettings = () => useQuery(clinicSettingsQuery);

export function useSaveClinicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClinicSettingsInput) =>
      apiFetch<ClinicSettings>('/api/clinic-settings', {
        method: 'PUT',
        body: JSON.stringify(input),
      }),
    onSuccess: (saved) => queryClient.setQueryData(clinicSettingsQuery.queryKey, saved),
  });
}
