import { useTranslation } from 'react-i18next';
import type { Visit } from '@shared/visits';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { visitMoment } from '../timeline';

function VisitHeading({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
      <p className="font-semibold">{visit.doctorName ?? t('healthRecords.visits.unknownDoctor')}</p>
      <p className="text-muted-foreground text-xs">
        {dates.date(visitMoment(visit))}
        {visit.durationMinutes !== null &&
          ` · ${t('healthRecords.visits.duration', { minutes: format.number(visit.durationMinutes) })}`}
      </p>
    </div>
  );
}

/** Summaries: each finished visit with its doctor's summary, or that it is still to come. */
export function VisitSummaries({ visits }: { visits: readonly Visit[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('healthRecords.tabs.summaries')} className="grid gap-2">
      {visits.map((visit) => (
        <li key={visit.id} className="border-border bg-card grid gap-1.5 rounded-xl border p-3">
          <VisitHeading visit={visit} />
          {visit.reason && <p className="text-muted-foreground text-sm">{visit.reason}</p>}
          {visit.summary ? (
            <p className="text-sm whitespace-pre-line">{visit.summary}</p>
          ) : (
            <p className="text-muted-foreground text-sm italic">
              {t('healthRecords.visits.noSummary')}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
