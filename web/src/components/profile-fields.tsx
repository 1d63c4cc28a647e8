import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  adToBs,
  bsToAd,
  latinDigits,
  maxAge,
  maxNameLength,
  onboardingMessageKey,
  type OnboardingInput,
  type OnboardingValues,
} from '@shared/onboarding';
import { dateSystems, genders } from '@shared/profile';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { useNumberFormat } from '@/lib/number-format';

/** The other calendar's date for what has been typed so far, or null until it is a real date. */
function equivalentDate(system: 'ad' | 'bs', text: string | null | undefined): string | null {
  const date = latinDigits(text?.trim() ?? '');
  if (date === '') return null;
  return system === 'ad' ? adToBs(date) : bsToAd(date);
}

/** The words for one of the onboarding schema's refusals, in the reader's language. */
export function useProfileErrorText(): (message: string | undefined) => string | null {
  const { t } = useTranslation();
  return (message) => {
    if (!message) return null;
    const key = onboardingMessageKey(message);
    return key
      ? t(`onboarding.errors.${key}`, { max: maxNameLength })
      : t('onboarding.errors.failed');
  };
}

export type ProfileForm = UseFormReturn<OnboardingInput, unknown, OnboardingValues>;

/**
 * A person's names, gender, age and date of birth in AD or BS, checked with the onboarding
 * schema: one's own profile at onboarding, and a family member's in the care circle.
 */
export function ProfileFields({ form }: { form: ProfileForm }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const errorText = useProfileErrorText();
  const genderId = useId();
  const [dateSystem, dobAd, dobBs] = useWatch({
    control: form.control,
    name: ['date_system', 'dob_ad', 'dob_bs'],
  });
  const { errors } = form.formState;
  const equivalent = equivalentDate(dateSystem, dateSystem === 'ad' ? dobAd : dobBs);

  return (
    <>
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
    </>
  );
}
