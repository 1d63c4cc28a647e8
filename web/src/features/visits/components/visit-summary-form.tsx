import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Link } from 'wouter';
import { saveSummarySchema, type Visit } from '@shared/visits';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-message';
import { TextAreaField } from '@/components/ui/text-field';
import { useSaveSummary } from '../api/save-summary';
import { visitErrorText } from '../visit-errors';

/** The shared schema's English messages, to their words in the visits strings. */
const summaryMessageKeys = {
  'Please write a summary': 'visits.summary.errors.required',
  'A summary can have at most 4,000 characters': 'visits.summary.errors.tooLong',
} as const;

function isKnownMessage(message: string): message is keyof typeof summaryMessageKeys {
  return Object.hasOwn(summaryMessageKeys, message);
}

/** After "End visit": the doctor writes the summary the patient reads in their record. */
export function VisitSummaryForm({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const [summary, setSummary] = useState(visit.summary ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSaveSummary(visit.id);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = saveSummarySchema.safeParse({ summary });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setInvalid(
        isKnownMessage(message)
          ? t(summaryMessageKeys[message])
          : t('visits.summary.errors.required'),
      );
      return;
    }
    setInvalid(null);
    save.mutate(parsed.data, { onSuccess: () => toast.success(t('visits.summary.saved')) });
  };

  return (
    <Card className="grid gap-3">
      <CardTitle>{t('visits.summary.title')}</CardTitle>
      <p className="text-muted-foreground text-sm">{t('visits.summary.intro')}</p>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <TextAreaField
          label={t('visits.summary.label')}
          value={summary}
          onChange={(event) => setSummary(event.target.value)}
          error={invalid}
          rows={6}
        />
        {save.isError && (
          <FormError>{visitErrorText(t, save.error, t('visits.summary.errors.failed'))}</FormError>
        )}
        <Button type="submit" disabled={save.isPending}>
          {t('visits.summary.save')}
        </Button>
      </form>
      <Button asChild variant="outline">
        <Link href="/queue">{t('visits.summary.backToQueue')}</Link>
      </Button>
    </Card>
  );
}
