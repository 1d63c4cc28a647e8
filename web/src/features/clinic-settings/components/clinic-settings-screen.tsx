import { useId } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  clinicSettingsInputSchema,
  clinicSettingsMessages,
  visitMinutesLimits,
  type ClinicSettings,
  type ClinicSettingsInput,
} from '@shared/clinic-settings';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { FormError } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { LoadingNote } from '@/components/ui/loading-note';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { addClinicSettingsStrings } from '../clinic-settings-strings';
import { useClinicSettings, useSaveClinicSettings } from '../use-clinic-settings';

addClinicSettingsStrings();

/** The form as typed: every field text, the visit length too, and whether to announce. */
interface SettingsForm {
  name: string;
  contactPhone: string;
  address: string;
  visitMinutes: string;
  announce: boolean;
  en: string;
  ne: string;
  from: string;
  to: string;
}

type ErrorKey = keyof typeof clinicSettingsMessages;

const errorKeys = new Map<string, ErrorKey>(
  Object.entries(clinicSettingsMessages).map(([key, message]) => [message, key as ErrorKey]),
);

function formOf(settings: ClinicSettings): SettingsForm {
  return {
    name: settings.name,
    contactPhone: settings.contactPhone,
    address: settings.address,
    visitMinutes: String(settings.visitMinutes),
    announce: settings.announcement !== null,
    en: settings.announcement?.en ?? '',
    ne: settings.announcement?.ne ?? '',
    from: settings.announcement?.from ?? '',
    to: settings.announcement?.to ?? '',
  };
}

function inputOf(form: SettingsForm) {
  return {
    name: form.name,
    contactPhone: form.contactPhone,
    address: form.address,
    visitMinutes: form.visitMinutes.trim() === '' ? Number.NaN : Number(form.visitMinutes),
    announcement: form.announce ? { en: form.en, ne: form.ne, from: form.from, to: form.to } : null,
  };
}

/**
 * The shared schema decides, and each of its refusals lands on the field it is about, as the
 * key of its words: an announcement's missing text on the empty one, its days on the day.
 */
const resolver: Resolver<SettingsForm, unknown, ClinicSettingsInput> = (form) => {
  const checked = clinicSettingsInputSchema.safeParse(inputOf(form));
  if (checked.success) return { values: checked.data, errors: {} };
  const errors: FieldErrors<SettingsForm> = {};
  for (const issue of checked.error.issues) {
    const key = errorKeys.get(issue.message) ?? 'announcementDays';
    const [top, inner] = issue.path;
    let field: keyof SettingsForm;
    if (top !== 'announcement') field = top as keyof SettingsForm;
    else if (inner === 'from' || inner === 'to') field = inner;
    else if (key === 'announcementOrder') field = 'to';
    else field = form.en.trim() === '' ? 'en' : 'ne';
    errors[field] ??= { type: 'schema', message: key };
  }
  return { values: {}, errors };
};

function SettingsFormCard({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation();
  const save = useSaveClinicSettings();
  const id = useId();
  const form = useForm<SettingsForm, unknown, ClinicSettingsInput>({
    resolver,
    defaultValues: formOf(settings),
  });
  const { register, formState, control } = form;
  const errorText = (field: keyof SettingsForm) => {
    const key = formState.errors[field]?.message;
    return key ? t(`clinicSettings.errors.${key as ErrorKey}`) : undefined;
  };
  const announce = useWatch({ control, name: 'announce' });
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(formOf(saved));
        toast.success(t('clinicSettings.saved'));
      },
    }),
  );
  const failure = save.error;
  const serverError =
    failure instanceof ApiRequestError
      ? (() => {
          const key = errorKeys.get(failure.message);
          return key
            ? t(`clinicSettings.errors.${key}`)
            : errorMessage(t, failure, t('clinicSettings.failed'));
        })()
      : failure && t('clinicSettings.failed');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <Card aria-labelledby={`${id}-clinic`} className="grid gap-3">
        <CardTitle id={`${id}-clinic`}>{t('clinicSettings.clinic')}</CardTitle>
        <TextField
          label={t('clinicSettings.name')}
          error={errorText('name')}
          maxLength={120}
          {...register('name')}
        />
        <TextField
          label={t('clinicSettings.contactPhone')}
          hint={t('clinicSettings.contactPhoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          error={errorText('contactPhone')}
          {...register('contactPhone')}
        />
        <TextAreaField
          label={t('clinicSettings.address')}
          error={errorText('address')}
          maxLength={300}
          rows={2}
          {...register('address')}
        />
        <TextField
          label={t('clinicSettings.visitMinutes')}
          hint={t('clinicSettings.visitMinutesHint')}
          type="number"
          inputMode="numeric"
          min={visitMinutesLimits.min}
          max={visitMinutesLimits.max}
          error={errorText('visitMinutes')}
          {...register('visitMinutes')}
        />
      </Card>
      <Card aria-labelledby={`${id}-announcement`} className="grid gap-3">
        <CardTitle id={`${id}-announcement`}>{t('clinicSettings.announcement')}</CardTitle>
        <p className="text-muted-foreground text-sm">{t('clinicSettings.announcementHint')}</p>
        <label className="flex min-h-10 items-center gap-2">
          <input type="checkbox" className="size-5" {...register('announce')} />
          {t('clinicSettings.announcementOn')}
        </label>
        {announce && (
          <>
            <TextAreaField
              label={t('clinicSettings.announcementEn')}
              error={errorText('en')}
              maxLength={500}
              rows={3}
              lang="en"
              {...register('en')}
            />
            <TextAreaField
              label={t('clinicSettings.announcementNe')}
              error={errorText('ne')}
              maxLength={500}
              rows={3}
              lang="ne"
              {...register('ne')}
            />
            <div className="grid gap-3 min-[400px]:grid-cols-2">
              {(['from', 'to'] as const).map((day) => (
                <div key={day} className="grid gap-1">
                  <Label id={`${id}-${day}-label`} htmlFor={`${id}-${day}`}>
                    {t(`clinicSettings.${day}`)}
                  </Label>
                  <Controller
                    control={control}
                    name={day}
                    render={({ field }) => (
                      <DateInput
                        id={`${id}-${day}`}
                        aria-labelledby={`${id}-${day}-label`}
                        aria-invalid={formState.errors[day] ? true : undefined}
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                  {errorText(day) && <FormError>{errorText(day)}</FormError>}
                </div>
              ))}
            </div>
          </>
        )}
      </Card>
      <FormError>{serverError}</FormError>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {t('clinicSettings.save')}
      </Button>
    </form>
  );
}

/** `/settings`: the administrator's clinic: its name, contacts, visit length, announcement. */
export function ClinicSettingsScreen() {
  const { t } = useTranslation();
  const settings = useClinicSettings();
  const noClinic = settings.error instanceof ApiRequestError && settings.error.status === 404;
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('clinicSettings.title')} actions={<LanguageToggle />} />
      {settings.isSuccess && (
        <p className="text-muted-foreground text-sm">
          {t('clinicSettings.intro', { clinic: settings.data.name })}
        </p>
      )}
      {settings.isPending && <LoadingNote />}
      {noClinic && <p role="status">{t('clinicSettings.noClinic')}</p>}
      {settings.isError && !noClinic && (
        <Card role="alert" className="grid gap-2">
          <p>{t('clinicSettings.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            {t('clinicSettings.retry')}
          </Button>
        </Card>
      )}
      {settings.isSuccess && (
        <SettingsFormCard key={settings.data.clinicId} settings={settings.data} />
      )}
    </div>
  );
}
