import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { onboardingSchema, type OnboardingInput } from '@shared/onboarding';
import { ageOf } from '@shared/patient-age';
import type { Me, Profile } from '@shared/profile';
import { sessionQueryOptions } from '@/lib/session';
import { apiFetch } from '@/lib/api-client';
import { outbox, type OutboxSender } from '@/lib/outbox';

/** The outbox's kind for a profile saved without a connection; the newest one alone waits. */
export const profileKind = 'profile';
export type ProfileKind = typeof profileKind;

/** Saves the signed-in user's own profile; the server decides the role. */
export function saveProfile(input: OnboardingInput): Promise<Profile> {
  const body = onboardingSchema.parse(input);
  return apiFetch<Profile>('/api/profile', { method: 'PUT', body: JSON.stringify(body) });
}

/** Home reads the first name from the session: it must see the new one before it opens. */
function showProfile(queryClient: QueryClient, profile: (me: Me) => Profile) {
  queryClient.setQueryData(sessionQueryOptions.queryKey, (me: Me | null | undefined) => {
    if (!me) return me;
    const shown = profile(me);
    return { ...me, profile: shown, role: shown.role };
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // Offline it fails at once, and the form hands the profile to the outbox.
    networkMode: 'always',
    onSuccess: async (profile) => {
      showProfile(queryClient, () => profile);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}

/** Delivers a profile saved offline; the server's answer replaces what was shown meanwhile. */
export function profileSender(queryClient: QueryClient): OutboxSender<OnboardingInput> {
  return {
    send: saveProfile,
    delivered: async (answer) => {
      showProfile(queryClient, () => answer as Profile);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  };
}

/**
 * Keeps the profile on the device until the server can take it, replacing one still
 * waiting, and shows it at once as the signed-in user's.
 */
export async function queueProfile(queryClient: QueryClient, input: OnboardingInput) {
  const values = onboardingSchema.parse(input);
  for (const waiting of outbox.entries(profileKind)) await outbox.remove(waiting.id);
  await outbox.add<OnboardingInput>({
    kind: profileKind,
    key: profileKind,
    id: `profile-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    payload: input,
  });
  showProfile(queryClient, (me) => ({
    id: me.user.id,
    avatar_url: me.profile?.avatar_url ?? null,
    role: me.role,
    ...values,
    current_age: ageOf({
      age: values.age,
      dateSystem: values.date_system,
      dobAd: values.dob_ad,
      dobBs: values.dob_bs,
    }),
  }));
}
