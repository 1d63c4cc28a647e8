import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingSchema, type OnboardingInput } from '@shared/onboarding';
import type { Me, Profile } from '@shared/profile';
import { sessionQueryOptions } from '@/lib/session';
import { apiFetch } from '@/lib/api-client';

/** Saves the signed-in user's own profile; the server decides the role. */
export function saveProfile(input: OnboardingInput): Promise<Profile> {
  const body = onboardingSchema.parse(input);
  return apiFetch<Profile>('/api/profile', { method: 'PUT', body: JSON.stringify(body) });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // Home reads the first name from the session: it must see the new one before it opens.
    onSuccess: async (profile) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, (me: Me | null | undefined) =>
        me ? { ...me, profile, role: profile.role } : me,
      );
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}
