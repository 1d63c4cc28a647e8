import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import {
  adToBs,
  bsToAd,
  latinDigits,
  maxAge,
  maxNameLength,
  onboardingMessageKey,
  onboardingSchema,
  type OnboardingInput,
  type OnboardingValues,
} from '@shared/onboarding';
import { dateSystems, genders, type Profile } from '@shared/profile';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
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

/** The other calendar's date for what has been typed so far, or null until it is a real date. */
function equivalentDate(system: 'ad' | 'bs', text: string | null | undefined): string | null {
  const date = latinDigits(text?.trim() ?? '');
  if (date === '') return null;
  return system === 'ad' ? adToBs(date) : bsToAd(date);
}

/** Names, gender, age and date of birth in AD or BS; saving leads home. */
export function OnboardingForm({ profile }: { profile: Profile | null | undefined }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [, navigate] = useLocation();
  const save = useSaveProfile();
  const queryClient = useQueryClient();
  // A profile saved offline that the server then refused comes back here with the reason.
  const refused = useOutbox(profileKind).find((entry) => entry.state === 'failed');
  const genderId = useId();
  const form = useForm<OnboardingInput, unknown, OnboardingValues>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: initialValues(profile),
  });
  const [dateSystem, dobAd, dobBs] = useWatch({
    control: form.control,
    name: ['date_system', 'dob_ad', 'dob_bs'],
  });
  const { errors } = form.formState;

  const errorText = (message: string | undefined): string | null => {
    if (!message) return null;
    const key = onboardingMessageKey(message);
    return key
      ? t(`onboarding.errors.${key}`, { max: maxNameLength })
      : t('onboarding.errors.failed');
  };

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
  const equivalent = equivalentDate(dateSystem, dateSystem === 'ad' ? dobAd : dobBs);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TextField
        label={t('onboarding.firstName')}
        autoComplete="given-name"
        error={errorText(errors.first_name?.message)}
        {...form.register('first_name')}
      />
      <TextField
        label={t('onboarding.lastName')}
        hint={t('onboarding.optional')}
        autoComplete="family-name"
        error={errorText(errors.last_name?.message)}
        {...form.register('last_name')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={genderId}>{t('onboarding.gender')}</Label>
        <select
          id={genderId}
          className="border-border bg-card focus-visible:outline-ring min-h-11 rounded-lg border px-3 py-2 text-base"
          {...form.register('gender')}
        >
          <option value="">{t('onboarding.genders.unset')}</option>
          {genders.map((gender) => (
            <option key={gender} value={gender}>
              {t(`onboarding.genders.${gender}`)}
            </option>
          ))}
        </select>
        {errors.gender && (
          <p className="text-accent-700 text-sm">{errorText(errors.gender.message)}</p>
        )}
      </div>
      <TextField
        label={t('onboarding.age')}
        hint={t('onboarding.ageHint', { max: format.number(maxAge) })}
        inputMode="numeric"
        autoComplete="off"
        error={errorText(errors.age?.message)}
        {...form.register('age')}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium">{t('onboarding.dateSystem')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {dateSystems.map((system) => (
            <label
              key={system}
              className="border-border bg-card has-checked:border-brand-600 has-checked:bg-brand-50 flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm"
            >
              <input type="radio" value={system} {...form.register('date_system')} />
              {t(`onboarding.dateSystems.${system}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {dateSystem === 'ad' ? (
        <TextField
          key="ad"
          label={t('onboarding.dobAd')}
          type="date"
          error={errorText(errors.dob_ad?.message)}
          hint={
            equivalent ? (
              <span aria-live="polite">
                {t('onboarding.bsEquivalent', { date: format.digits(equivalent) })}
              </span>
            ) : undefined
          }
          {...form.register('dob_ad')}
        />
      ) : (
        <TextField
          key="bs"
          label={t('onboarding.dobBs')}
          placeholder={t('onboarding.bsPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          error={errorText(errors.dob_bs?.message)}
          hint={
            equivalent ? (
              <span aria-live="polite">
                {t('onboarding.adEquivalent', { date: format.digits(equivalent) })}
              </span>
            ) : (
              t('onboarding.bsHint')
            )
          }
          {...form.register('dob_bs')}
        />
      )}
      <FormError>{serverError}</FormError>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? t('onboarding.saving') : t('onboarding.save')}
      </Button>
    </form>
  );
}
