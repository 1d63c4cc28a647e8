import { zodResolver } from '@hookform/resolvers/zod';
import { UserRoundPenIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { onboardingSchema, type OnboardingInput, type OnboardingValues } from '@shared/onboarding';
import type { Profile } from '@shared/profile';
import { ProfileFields, useProfileErrorText } from '@/components/profile-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-message';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useSaveDetails } from '../api/save-details';
import { SettingsRow } from './settings-row';

function initialValues(profile: Profile | null): OnboardingInput {
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

function DetailsForm({ profile, onSaved }: { profile: Profile | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDetails();
  const errorText = useProfileErrorText();
  const form = useForm<OnboardingInput, unknown, OnboardingValues>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: initialValues(profile),
  });
  const submit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => {
          toast.success(t('profileSettings.details.saved'));
          onSaved();
        },
      }),
    () => save.reset(),
  );
  const failure = save.error;
  const serverError =
    failure instanceof ApiRequestError
      ? failure.code === 'network'
        ? t('profileSettings.details.offline')
        : errorMessage(t, failure, errorText(failure.message) ?? t('onboarding.errors.failed'))
      : failure && t('onboarding.errors.failed');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <ProfileFields form={form} />
      <FormError>{serverError}</FormError>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? t('onboarding.saving') : t('profileSettings.details.save')}
      </Button>
    </form>
  );
}

/** "Edit personal details": names, gender, age and date of birth, by onboarding's rules. */
export function EditDetailsDialog({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <SettingsRow icon={UserRoundPenIcon} label={t('patientProfile.account.edit')} />
      </DialogTrigger>
      <DialogContent
        closeLabel={t('profileSettings.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <DialogTitle className="pe-8">{t('profileSettings.details.title')}</DialogTitle>
        <DialogDescription>{t('profileSettings.details.description')}</DialogDescription>
        {/* Mounted when open, so it starts from the profile as saved. */}
        {open && <DetailsForm profile={profile} onSaved={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
