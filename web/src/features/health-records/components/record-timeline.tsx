import {
  ActivityIcon,
  FileImageIcon,
  PillIcon,
  StethoscopeIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VitalsReading } from '@shared/vitals';
import { useDates } from '@/lib/dates';
import { useDosageWords } from '@/lib/dosage-words';
import type { TimelineEntry } from '../timeline';

/** An entry's icon, its title and what it says, in the reader's language. */
function useEntryWords(
  entry: TimelineEntry,
  renderReading: (reading: VitalsReading) => ReactNode,
): { icon: LucideIcon; title: string; body: ReactNode } {
  const { t } = useTranslation();
  const dosage = useDosageWords();
  switch (entry.kind) {
    case 'visit': {
      const { visit } = entry;
      return {
        icon: StethoscopeIcon,
        title: visit.doctorName ?? t('healthRecords.visits.unknownDoctor'),
        body: (
          <>
            <p className="text-muted-foreground">
              {visit.reason
                ? t(`healthRecords.visits.${visit.type}WithReason`, { reason: visit.reason })
                : t(`healthRecords.visits.${visit.type}`)}
            </p>
            {visit.summary && <p className="whitespace-pre-line">{visit.summary}</p>}
          </>
        ),
      };
    }
    case 'vitals':
      return {
        icon: ActivityIcon,
        title: t('healthRecords.timeline.vitals'),
        body: renderReading(entry.reading),
      };
    case 'prescribed': {
      const { medication } = entry;
      return {
        icon: PillIcon,
        title: t('healthRecords.timeline.prescribed', { medicine: medication.medicine }),
        body: (
          <p className="text-muted-foreground">
            {t('healthRecords.timeline.prescribedBy', {
              dose: dosage.amount(medication),
              name: medication.prescribedBy.name ?? t('healthRecords.visits.unknownDoctor'),
            })}
          </p>
        ),
      };
    }
    case 'stopped':
      return {
        icon: PillIcon,
        title: t('healthRecords.timeline.stopped', { medicine: entry.medication.medicine }),
        body: <p className="text-muted-foreground">{entry.medication.stopped?.reason}</p>,
      };
    case 'document':
      return { icon: FileImageIcon, title: t('healthRecords.timeline.document'), body: null };
  }
}

function TimelineItem({
  entry,
  renderReading,
}: {
  entry: TimelineEntry;
  renderReading: (reading: VitalsReading) => ReactNode;
}) {
  const dates = useDates();
  const { icon: Icon, title, body } = useEntryWords(entry, renderReading);
  return (
    <li className="border-border bg-card flex gap-3 rounded-xl border p-3">
      <Icon className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className="font-semibold break-words">{title}</p>
          <p className="text-muted-foreground text-xs">
            <time dateTime={entry.at}>{dates.dateTime(entry.at)}</time>
          </p>
        </div>
        {body}
      </div>
    </li>
  );
}

/** Timeline: every event of the record, newest first, each at its clinic date and time. */
export function RecordTimeline({
  entries,
  renderReading,
}: {
  entries: readonly TimelineEntry[];
  /** A reading's measures, as the vitals feature words them (the page hands it in). */
  renderReading: (reading: VitalsReading) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t('healthRecords.tabs.timeline')} className="grid gap-2">
      {entries.map((entry) => (
        <TimelineItem key={entry.id} entry={entry} renderReading={renderReading} />
      ))}
    </ol>
  );
}
