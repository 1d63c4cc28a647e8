import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { stopMedicationSchema, type Medication } from '@shared/medications';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, type ErrorMessages } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useStopMedication } from '../api/stop-medication';
import { addPrescribingStrings } from '../prescribing-strings';

addPrescribingStrings();

const serverMessages: ErrorMessages = {
  not_found: 'prescribing.errors.medicationNotFound',
  forbidden: 'prescribing.errors.onlyDoctors',
  conflict: 'prescribing.errors.alreadyEnded',
};

const reasonMessages = {
  'Please give a reason': 'prescribing.stop.errors.required',
  'The reason can be 200 characters at most': 'prescribing.stop.errors.tooLong',
} as const;

/** "Stop" → the reason → "Confirm stop": a doctor ends an active medication. */
export function StopMedication({
  patientId,
  medication,
  onStopped,
}: {
  patientId: string;
  medication: Pick<Medication, 'id' | 'medicine'>;
  onStopped?: () => unknown;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const stop = useStopMedication(onStopped);

  if (!open) {
    return (
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => setOpen(true)}
      >
        {t('prescribing.stop.open')}
      </Button>
    );
  }

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = stopMedicationSchema.safeParse({ reason });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setInvalid(
        t(
          Object.hasOwn(reasonMessages, message)
            ? reasonMessages[message as keyof typeof reasonMessages]
            : 'prescribing.stop.errors.required',
        ),
      );
      return;
    }
    setInvalid(null);
    stop.mutate(
      { patientId, medicationId: medication.id, stop: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('prescribing.stop.done', { medicine: medication.medicine }));
          setOpen(false);
          setReason('');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <TextField
        label={t('prescribing.stop.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={invalid}
        autoComplete="off"
      />
      {stop.isError && (
        <FormError>
          {errorMessage(t, stop.error, t('prescribing.stop.errors.failed'), serverMessages)}
        </FormError>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={stop.isPending}>
          {t('prescribing.stop.confirm')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t('prescribing.stop.cancel')}
        </Button>
      </div>
    </form>
  );
}
