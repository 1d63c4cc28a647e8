import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maxReasonLength, visitReasonSchema, type Visit } from '@shared/visits';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/lib/toast';
import { useSaveVisitReason } from '../api/save-visit-reason';
import { visitErrorText } from '../visit-errors';

/** The shared schema's English messages, to their words in the visits strings. */
const reasonMessageKeys = {
  'Please give a reason for the visit': 'visits.reason.errors.required',
  'A reason can have at most 200 characters': 'visits.reason.errors.tooLong',
} as const;

function isKnownMessage(message: string): message is keyof typeof reasonMessageKeys {
  return Object.hasOwn(reasonMessageKeys, message);
}

/**
 * "Reason for visit", optional: joining the waiting room asks for nothing, and the patient may
 * tell the doctor why they came while they wait. Empty until they do.
 */
export function VisitReasonForm({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(visit.reason);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSaveVisitReason(visit.id);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = visitReasonSchema.safeParse({ reason });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setInvalid(
        isKnownMessage(message)
          ? t(reasonMessageKeys[message])
          : t('visits.reason.errors.required'),
      );
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setReason(saved.reason);
        toast.success(t('visits.reason.saved'));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <TextField
        label={t('visits.reason.label')}
        hint={t('visits.reason.hint')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={invalid}
        maxLength={maxReasonLength}
        autoComplete="off"
      />
      {save.isError && (
        <FormError>{visitErrorText(t, save.error, t('visits.reason.errors.failed'))}</FormError>
      )}
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {t('visits.reason.save')}
      </Button>
    </form>
  );
}
