import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { clinicTimeOf, clinicToday } from '@shared/clinic-time';
import {
  flagsOf,
  vitalMeasures,
  vitalRanges,
  type RecordVitals,
  type VitalFlag,
} from '@shared/vitals';
import { Button } from '@/components/ui/button';
import { DateInput, TimeInput } from '@/components/ui/date-input';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
import { toast } from '@/lib/toast';
import { queueVitals, useRecordVitals } from '../api/record-vitals';
import {
  fieldOfIssue,
  vitalsFormSchema,
  vitalsMessageKey,
  type VitalsFormField,
  type VitalsFormInput,
} from '../vitals-form-schema';

/** Where the patient reads their readings once one is saved. */
export const vitalsListPath = '/health?section=vitals';

function emptyForm(now: number = Date.now()): VitalsFormInput {
  return {
    id: crypto.randomUUID(),
    heartRate: '',
    oxygenSaturation: '',
    weight: '',
    systolic: '',
    diastolic: '',
    takenAt: `${clinicToday(now)}T${clinicTimeOf(now)}`,
  };
}

/**
 * The shared schema's refusals, each under its field. The two that weigh systolic against
 * diastolic go under the field to fix; only "at least one" is the whole form's.
 */
const resolver: Resolver<VitalsFormInput, unknown, RecordVitals> = (values) => {
  const result = vitalsFormSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<VitalsFormInput> = {};
  for (const issue of result.error.issues) {
    let field = fieldOfIssue(issue.path);
    const key = vitalsMessageKey(issue.message);
    if (key === 'bothPressures') field = values.systolic.trim() ? 'diastolic' : 'systolic';
    if (key === 'systolicAbove') field = 'systolic';
    const error = { type: issue.code, message: issue.message };
    if (field === 'root') errors.root ??= error as NonNullable<typeof errors.root>;
    else errors[field] ??= error;
  }
  return { values: {}, errors };
};

/**
 * When the reading was taken: the clinic day in the reader's calendar and the time on the
 * 24-hour clock, held together as `YYYY-MM-DDTHH:mm` as the schema reads it.
 */
function TakenAtField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [day = '', time = ''] = value.split('T');
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const invalid = error ? true : undefined;
  return (
    <fieldset className="grid gap-1.5" aria-describedby={describedBy}>
      <legend className="mb-1.5 text-sm font-medium">{t('vitals.form.takenAt')}</legend>
      <div className="grid grid-cols-[1fr_5.5rem] gap-2">
        <DateInput
          aria-label={t('dateInput.date')}
          value={day}
          max={clinicToday()}
          onChange={(next) => onChange(`${next}T${time}`)}
          aria-invalid={invalid}
        />
        <TimeInput
          aria-label={t('dateInput.time')}
          value={time}
          onChange={(next) => onChange(`${day}T${next}`)}
          aria-invalid={invalid}
        />
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {t('vitals.form.takenAtHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-accent-700 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** What the patient reads after saving a reading past a threshold: contact the care team. */
export function SafetyAdvice({ flags }: { flags: readonly VitalFlag[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <div role="alert" className="bg-accent-50 text-accent-700 grid gap-1 rounded-lg p-4">
        <p className="font-semibold">{t('vitals.advice.title')}</p>
        <ul className="list-disc ps-5 text-sm">
          {flags.map((flag) => (
            <li key={flag}>{t(`vitals.flags.${flag}`)}</li>
          ))}
        </ul>
      </div>
      <Button asChild size="lg">
        <Link href="/messages">{t('vitals.advice.message')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href={vitalsListPath}>{t('vitals.advice.seeVitals')}</Link>
      </Button>
    </div>
  );
}

/**
 * Heart rate, oxygen saturation, weight and blood pressure, any of them, with the time they
 * were taken. Saved online at once; offline it waits in the outbox under the same id, so it
 * reaches the server once. A reading past a threshold tells the patient to contact the team.
 */
export function RecordVitalsForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [, navigate] = useLocation();
  const save = useRecordVitals();
  const [flagged, setFlagged] = useState<VitalFlag[] | null>(null);
  const form = useForm<VitalsFormInput, unknown, RecordVitals>({
    resolver,
    defaultValues: emptyForm(),
  });
  const { errors } = form.formState;

  /** The words for one of the shared schema's refusals, its range in the reader's digits. */
  const messageText = (message: string): string => {
    const key = vitalsMessageKey(message);
    if (!key) return t('vitals.errors.failed');
    const measure = vitalMeasures.find((name) => key === `${name}Range`);
    const range = measure ? vitalRanges[measure] : undefined;
    return t(`vitals.errors.${key}`, {
      min: range ? format.number(range.min) : '',
      max: range ? format.number(range.max) : '',
    });
  };

  const errorText = (field: VitalsFormField | 'root'): string | null => {
    const message = field === 'root' ? errors.root?.message : errors[field]?.message;
    return message ? messageText(message) : null;
  };

  const saved = (reading: RecordVitals) => {
    const flags = flagsOf(reading);
    if (flags.length > 0) setFlagged(flags);
    else navigate(vitalsListPath);
  };

  const submit = form.handleSubmit(
    (reading) => {
      save.mutate(
        { patientId, reading },
        {
          onSuccess: () => {
            toast.success(t('vitals.saved'));
            saved(reading);
          },
          onError: (error) => {
            if (!(error instanceof ApiRequestError && error.code === 'network')) return;
            // No connection: the reading waits on the device, under the id it was sent with.
            save.reset();
            queueVitals({ patientId, reading })
              .then(() => {
                toast.success(t('vitals.savedOffline'));
                saved(reading);
              })
              .catch(() => toast.error(t('vitals.errors.failed')));
          },
        },
      );
    },
    () => save.reset(),
  );

  if (flagged) return <SafetyAdvice flags={flagged} />;

  const failure = save.error;
  const serverError =
    failure instanceof ApiRequestError && vitalsMessageKey(failure.message)
      ? messageText(failure.message)
      : failure && errorMessage(t, failure, t('vitals.errors.failed'));

  const measure = (field: Exclude<VitalsFormField, 'takenAt'>, unit: string) => (
    <TextField
      label={t(`vitals.measures.${field}`)}
      suffix={unit}
      error={errorText(field)}
      inputMode="decimal"
      autoComplete="off"
      {...form.register(field)}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <p className="text-muted-foreground text-sm">{t('vitals.form.intro')}</p>
      {measure('heartRate', t('vitals.units.bpm'))}
      {measure('oxygenSaturation', t('vitals.units.percent'))}
      {measure('weight', t('vitals.units.kg'))}
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-semibold">
          {t('vitals.measures.bloodPressure')}
        </legend>
        <div className="grid grid-cols-2 gap-3">
          {measure('systolic', t('vitals.units.mmHg'))}
          {measure('diastolic', t('vitals.units.mmHg'))}
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="takenAt"
        render={({ field }) => (
          <TakenAtField
            value={field.value}
            onChange={field.onChange}
            error={errors.takenAt ? errorText('takenAt') : null}
          />
        )}
      />
      <FormError>{errorText('root') ?? serverError}</FormError>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? t('vitals.form.saving') : t('vitals.form.save')}
      </Button>
    </form>
  );
}
