import { PillIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { timeOfDayClock, type Medication } from '@shared/medications';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';

function MedicationItem({ medication }: { medication: Medication }) {
  const { t } = useTranslation();
  const dates = useDates();
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
    <li className="border-border bg-card flex gap-3 rounded-xl border p-3">
      <PillIcon className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-semibold break-words">{medication.medicine}</p>
          <p
            className={cn(
              'text-xs font-medium',
              medication.status === 'active' ? 'text-green-800' : 'text-muted-foreground',
            )}
          >
            {t(`medications.status.${medication.status}`)}
          </p>
        </div>
        <p className="break-words">{t('medications.dose', { dose: medication.dose })}</p>
        <p>{t('medications.when', { times })}</p>
        <p className="text-muted-foreground">
          {medication.endDay === null
            ? t('medications.ongoing', { start })
            : t('medications.period', { start, end: dates.day(medication.endDay) })}
        </p>
        {medication.instruction && <p className="break-words">{medication.instruction}</p>}
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
      </div>
    </li>
  );
}

/**
 * Health → Meds: the active medications, then the past ones (stopped or completed), each
 * as the prescribing doctor wrote it.
 */
export function MedicationsList({ medications }: { medications: readonly Medication[] }) {
  const { t } = useTranslation();
  const active = medications.filter((medication) => medication.status === 'active');
  const past = medications.filter((medication) => medication.status !== 'active');
  const headingClass = 'text-muted-foreground text-xs font-semibold tracking-wide uppercase';
  return (
    <div className="grid gap-4">
      <section aria-labelledby="medications-active" className="grid gap-2">
        <h2 id="medications-active" className={headingClass}>
          {t('medications.active')}
        </h2>
        {active.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('medications.noneActive')}</p>
        ) : (
          <ul aria-labelledby="medications-active" className="grid gap-2">
            {active.map((medication) => (
              <MedicationItem key={medication.id} medication={medication} />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="medications-past" className="grid gap-2">
          <h2 id="medications-past" className={headingClass}>
            {t('medications.past')}
          </h2>
          <ul aria-labelledby="medications-past" className="grid gap-2">
            {past.map((medication) => (
              <MedicationItem key={medication.id} medication={medication} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
