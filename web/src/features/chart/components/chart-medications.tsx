import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adherenceDays, type Medication } from '@shared/medications';
import { Card, CardTitle } from '@/components/ui/card';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';

function MedicationItem({ medication, actions }: { medication: Medication; actions?: ReactNode }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();
  const start = dates.day(medication.startDay);
  const nameId = useId();
  return (
    <li aria-labelledby={nameId} className="border-border grid gap-1 rounded-lg border p-3">
      <p className="font-semibold">
        <span id={nameId}>{medication.medicine}</span>{' '}
        <span className="text-muted-foreground ms-1 text-sm font-normal">{medication.dose}</span>
      </p>
      <p className="text-sm">
        {medication.times.map((time) => t(`chart.medications.times.${time}`)).join(' · ')}
      </p>
      <p className="text-muted-foreground text-xs">
        {medication.endDay === null
          ? t('chart.medications.ongoing', { start })
          : t('chart.medications.until', { start, end: dates.day(medication.endDay) })}
      </p>
      {medication.instruction && <p className="text-sm">{medication.instruction}</p>}
      <p className="text-muted-foreground text-xs">
        {t('chart.medications.prescribedBy', {
          name: medication.prescribedBy.name ?? t('chart.medications.aDoctor'),
        })}
      </p>
      <p className="text-sm font-medium">
        {t('chart.medications.adherence', {
          count: adherenceDays,
          days: format.number(adherenceDays),
          taken: format.number(medication.adherence.taken),
          missed: format.number(medication.adherence.missed),
        })}
      </p>
      {medication.stopped && (
        <p className="text-muted-foreground text-sm">
          {t('chart.medications.stopped', {
            when: dates.dateTime(medication.stopped.at),
            reason: medication.stopped.reason,
          })}
        </p>
      )}
      {medication.status === 'completed' && (
        <p className="text-muted-foreground text-sm">{t('chart.medications.completed')}</p>
      )}
      {actions}
    </li>
  );
}

/**
 * The patient's medications: active ones with their adherence (and what the page lets a
 * doctor do with each), then past ones.
 */
export function ChartMedications({
  medications,
  actionsOf,
  prescribing,
}: {
  medications: Medication[];
  /** What the page offers beside an active medication (stopping it). */
  actionsOf?: (medication: Medication) => ReactNode;
  /** The page's way to prescribe. */
  prescribing?: ReactNode;
}) {
  const { t } = useTranslation();
  const activeId = useId();
  const pastId = useId();
  const active = medications.filter((medication) => medication.status === 'active');
  const past = medications.filter((medication) => medication.status !== 'active');
  return (
    <>
      <Card aria-labelledby={activeId} className="grid gap-3">
        <CardTitle id={activeId}>{t('chart.medications.active')}</CardTitle>
        {active.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('chart.medications.noneActive')}</p>
        ) : (
          <ul className="grid gap-2">
            {active.map((medication) => (
              <MedicationItem
                key={medication.id}
                medication={medication}
                actions={actionsOf?.(medication)}
              />
            ))}
          </ul>
        )}
        {prescribing}
      </Card>
      <Card aria-labelledby={pastId} className="grid gap-3">
        <CardTitle id={pastId}>{t('chart.medications.past')}</CardTitle>
        {past.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('chart.medications.nonePast')}</p>
        ) : (
          <ul className="grid gap-2">
            {past.map((medication) => (
              <MedicationItem key={medication.id} medication={medication} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
