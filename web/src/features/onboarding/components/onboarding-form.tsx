import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import { onboardingSchema, type OnboardingInput, type OnboardingValues } from '@shared/onboarding';
import type { Profile } from '@shared/profile';
import { ProfileFields, useProfileErrorText } from '@/components/profile-fields';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { outbox, reasonError, useOutbox } from '@/lib/outbox';
import { profileKind, queueProfile, useSaveProfile } from '../api/save-profile';

function initialValues(profile: Profile | null | undefined): OnboardingInput {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    gender: profile?.gender ?? '',
    age: profile?.age === null || profile?.age === undefined ? '' : String(profile.age),
    date_system: profile?.date_system ?? 'ad',
    dob_ad: profile?.dob_ad ?? '',
    dob_bs: profile?.dob_bs ?? '',
  };
}

/** Names, gender, age and date of birth in AD or BS; saving leads home. */
export function OnboardingForm({ profile }: { profile: Profile | null | undefined }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const save = useSaveProfile();
  const queryClient = useQueryClient();
  // A profile saved offline that the server then refused comes back here with the reason.
  const refused = useOutbox(profileKind).find((entry) => entry.state === 'failed');
  const form = useForm<OnboardingInput, unknown, OnboardingValues>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: initialValues(profile),
  });
  const errorText = useProfileErrorText();

  const submit = form.handleSubmit(
    (values) => {
      if (refused) void outbox.remove(refused.id);
      save.mutate(values, {
        onSuccess: () => {
          toast.success(t('onboarding.saved'));
          navigate('/', { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError && error.code === 'network')) return;
          // No connection: the profile waits on the device and home opens with it.
          save.reset();
          queueProfile(queryClient, form.getValues())
            .then(() => {
              toast.success(t('onboarding.savedOffline'));
              navigate('/', { replace: true });
            })
            .catch(() => toast.error(t('onboarding.errors.failed')));
        },
      });
    },
    () => save.reset(),
  );

  const failure = save.error ?? (refused?.reason ? reasonError(refused.reason) : null);
  const serverError =
    failure instanceof ApiRequestError
      ? errorMessage(t, failure, errorText(failure.message) ?? t('onboarding.errors.failed'))
      : failure && t('onboarding.errors.failed');

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <ProfileFields form={form} />
      <FormError>{serverError}</FormError>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? t('onboarding.saving') : t('onboarding.save')}
      </Button>
    </form>
  );
}
