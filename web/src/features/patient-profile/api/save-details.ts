import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingSchema, type OnboardingValues } from '@shared/onboarding';
import type { Me, Profile } from '@shared/profile';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';

/** Saves the signed-in person's corrected details with the onboarding form's own rules. */
export function saveDetails(values: OnboardingValues): Promise<Profile> {
  const body = onboardingSchema.parse(values);
  return apiFetch<Profile>('/api/profile', { method: 'PUT', body: JSON.stringify(body) });
}

/** The profile on every screen is the saved one as soon as the server has it. */
export function useSaveDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDetails,
    onSuccess: async (profile) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, (me: Me | null | undefined) =>
        me ? { ...me, profile, role: profile.role } : me,
      );
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}
