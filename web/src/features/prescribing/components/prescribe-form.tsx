import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clinicToday } from '@shared/clinic-time';
import {
  doseForms,
  foodRelations,
  maxDoseAmount,
  maxPrescriptionDays,
  timesOfDay,
  type Prescribe,
} from '@shared/medications';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-input';
import { FormError } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage, type ErrorMessages } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
import { toast } from '@/lib/toast';
import { usePrescribe } from '../api/prescribe';
import {
  checkPrescription,
  fieldOfIssue,
  prescribeMessageKey,
  type PrescribeFormField,
  type PrescribeFormInput,
} from '../prescribe-form-schema';
import { addPrescribingStrings } from '../prescribing-strings';

addPrescribingStrings();

const selectClass =
  'border-border bg-card focus-visible:outline-ring min-h-11 w-full rounded-lg border px-3 py-2 text-base';

/** The id the form is checked under; the prescription is sent under its own. */
const checkedId = '00000000-0000-4000-8000-000000000000';

function emptyForm(): PrescribeFormInput {
  return {
    medicine: '',
    amount: '',
    form: 'tablet',
    food: 'any',
    days: '',
    times: [],
    startDay: clinicToday(),
    note: '',
  };
}

/** The shared schema's refusals, each under its field. */
const resolver: Resolver<PrescribeFormInput, unknown, Prescribe> = (values) => {
  const result = checkPrescription(checkedId, values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<PrescribeFormInput> = {};
  for (const issue of result.error.issues) {
    const field = fieldOfIssue(issue.path);
    const error = { type: issue.code, message: issue.message };
    if (field === 'root') errors.root ??= error as NonNullable<typeof errors.root>;
    else errors[field] ??= error;
  }
  return { values: {}, errors };
};

/** The server's refusals this form words itself; the rest by the shared table. */
const serverMessages: ErrorMessages = {
  not_found: 'prescribing.errors.notFound',
  forbidden: 'prescribing.errors.onlyDoctors',
  conflict: 'prescribing.errors.conflict',
};

/**
 * A doctor prescribes for the patient: medicine and strength (as written), the dose as an
 * amount and a form, how it goes with food, times of day, start date, number of days (empty:
 * ongoing) and a note only as an extra, checked with the server's own schema. The patient
 * reads the dose in her own language.
 * A resend after a lost answer goes under the same id, so it is stored once.
 */
export function PrescribeForm({
  patientId,
  onSaved,
}: {
  patientId: string;
  /** What to refresh once a prescription is stored (the page's medication list). */
  onSaved?: () => unknown;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const titleId = useId();
  const timesId = useId();
  const formId = useId();
  const foodId = useId();
  // One id per prescription, kept until it is stored: a resend after a lost answer is stored once.
  const [prescriptionId, setPrescriptionId] = useState(() => crypto.randomUUID());
  const save = usePrescribe(onSaved);

  const form = useForm<PrescribeFormInput, unknown, Prescribe>({
    resolver,
    defaultValues: emptyForm(),
  });
  const { errors } = form.formState;

  const messageText = (message: string | undefined): string => {
    const key = prescribeMessageKey(message);
    return key
      ? t(`prescribing.errors.${key}`, {
          max: format.number(maxPrescriptionDays),
          maxAmount: format.number(maxDoseAmount),
        })
      : t('prescribing.errors.failed');
  };
  const errorText = (field: PrescribeFormField | 'root'): string | null => {
    const message = field === 'root' ? errors.root?.message : errors[field]?.message;
    return message ? messageText(message) : null;
  };

  const failure = save.error;
  const serverError =
    failure instanceof ApiRequestError && prescribeMessageKey(failure.message)
      ? messageText(failure.message)
      : failure && errorMessage(t, failure, t('prescribing.errors.failed'), serverMessages);

  const submit = form.handleSubmit(
    (prescription) =>
      save.mutate(
        { patientId, prescription: { ...prescription, id: prescriptionId } },
        {
          onSuccess: () => {
            toast.success(t('prescribing.saved'));
            setPrescriptionId(crypto.randomUUID());
            form.reset(emptyForm());
          },
        },
      ),
    () => save.reset(),
  );

  const timesError = errorText('times');

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      className="border-border grid gap-3 rounded-lg border p-3"
    >
      <h3 id={titleId} className="text-sm font-semibold">
        {t('prescribing.title')}
      </h3>
      <TextField
        label={t('prescribing.medicine')}
        hint={t('prescribing.medicineHint')}
        autoComplete="off"
        error={errorText('medicine')}
        {...form.register('medicine')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('prescribing.amount')}
          inputMode="decimal"
          autoComplete="off"
          error={errorText('amount')}
          {...form.register('amount')}
        />
        <div className="grid content-start gap-1.5">
          <Label htmlFor={formId}>{t('prescribing.form')}</Label>
          <select id={formId} className={selectClass} {...form.register('form')}>
            {doseForms.map((doseForm) => (
              <option key={doseForm} value={doseForm}>
                {t(`prescribing.forms.${doseForm}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={foodId}>{t('prescribing.food')}</Label>
        <select id={foodId} className={selectClass} {...form.register('food')}>
          {foodRelations.map((food) => (
            <option key={food} value={food}>
              {t(`prescribing.foods.${food}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset
        className="grid gap-2"
        aria-invalid={timesError ? true : undefined}
        aria-describedby={timesError ? `${timesId}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">{t('prescribing.times')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {timesOfDay.map((time) => (
            <label key={time} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={time}
                className="accent-brand-700 size-4"
                {...form.register('times')}
              />
              {t(`prescribing.timesOfDay.${time}`)}
            </label>
          ))}
        </div>
        {timesError && (
          <p id={`${timesId}-error`} className="text-accent-700 text-sm">
            {timesError}
          </p>
        )}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <Controller
          control={form.control}
          name="startDay"
          render={({ field }) => (
            <DateField
              label={t('prescribing.startDay')}
              error={errorText('startDay')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <TextField
          label={t('prescribing.days')}
          hint={t('prescribing.daysHint')}
          inputMode="numeric"
          autoComplete="off"
          error={errorText('days')}
          {...form.register('days')}
        />
      </div>
      <TextField
        label={t('prescribing.note')}
        hint={t('prescribing.noteHint')}
        autoComplete="off"
        error={errorText('note')}
        {...form.register('note')}
      />
      <FormError>{errorText('root') ?? serverError}</FormError>
      <Button type="submit" disabled={save.isPending}>
        {t('prescribing.prescribe')}
      </Button>
    </form>
  );
}
