import { PillIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { timeOfDayClock, type Medication } from '@shared/medications';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';
import { useDosageWords } from '@/lib/dosage-words';

/**
 * One medication as the prescribing doctor wrote it: medicine (as written), status, the dose
 * and its relation to food in the reader's language, times with their clock, period, the
 * doctor's note, prescriber and a stop's reason. The patient's list and the
 * doctor's chart both show it so; the chart adds its `details` (adherence) and `actions`.
 */
export function MedicationItem({
  medication,
  details,
  actions,
}: {
  medication: Medication;
  details?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const words = useDosageWords();
  const nameId = useId();
  const food = words.food(medication.food);
  const times = medication.times
    .map((time) =>
      t('medications.timeAt', {
        time: t(`medications.times.${time}`),
        clock: dates.clock(timeOfDayClock[time]),
      }),
    )
    .join(', ');
  const start = dates.day(medication.startDay);
  return (
    <li aria-labelledby={nameId} className="border-border bg-card flex gap-3 rounded-xl border p-3">
      <PillIcon className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p id={nameId} className="font-semibold break-words">
            {medication.medicine}
          </p>
          <p
            className={cn(
              'text-xs font-medium',
              medication.status === 'active' ? 'text-green-800' : 'text-muted-foreground',
            )}
          >
            {t(`medications.status.${medication.status}`)}
          </p>
        </div>
        <p className="break-words">{t('medications.dose', { dose: words.amount(medication) })}</p>
        <p>{t('medications.when', { times })}</p>
        {food && <p>{food}</p>}
        <p className="text-muted-foreground">
          {medication.endDay === null
            ? t('medications.ongoing', { start })
            : t('medications.period', { start, end: dates.day(medication.endDay) })}
        </p>
        {medication.note && <p className="break-words">{medication.note}</p>}
        <p className="text-muted-foreground text-xs">
          {t('medications.prescribedBy', {
            name: medication.prescribedBy.name ?? t('medications.unknownPrescriber'),
          })}
        </p>
        {medication.stopped && (
          <p className="text-xs break-words">
            {t('medications.stopped', {
              day: dates.date(medication.stopped.at),
              reason: medication.stopped.reason,
            })}
          </p>
        )}
        {details}
        {actions}
      </div>
    </li>
  );
}
