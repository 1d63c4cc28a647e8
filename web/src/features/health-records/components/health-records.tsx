import { useTranslation } from 'react-i18next';
import { useMemo, type ReactNode } from 'react';
import type { VitalsReading } from '@shared/vitals';
import { LoadingNote } from '@/components/ui/loading-note';
import type { Arriving } from '@/lib/arriving';
import { timelineOf, type PatientRecord } from '../timeline';
import {
  HealthRecordTabs,
  SectionEmptyState,
  type HealthRecordSection,
} from './health-record-tabs';
import { RecordTimeline } from './record-timeline';
import { VisitSummaries } from './visit-records';

/** A section the page fills in, with how many entries it holds once they have arrived. */
interface CountedSection {
  count: Arriving<number>;
  content: ReactNode;
}

/** The record's lists as they arrive, each 'loading' until the server has answered. */
export type ArrivingRecord = { [list in keyof PatientRecord]: Arriving<PatientRecord[list]> };

const arrived = <T,>(list: Arriving<readonly T[]>): readonly T[] =>
  typeof list === 'string' ? [] : list;

/**
 * The five sections of the health record, every count from the patient's own record. The
 * Timeline merges the record's visits, readings, prescriptions and documents the page gives;
 * Summaries lists the finished visits; Meds, Vitals and Docs are given by the page with their
 * counts. A section says "Loading…" until its list has arrived and that there is nothing only
 * once the server has said so: never "No vitals yet." to a patient whose readings are on
 * their way.
 */
export function HealthRecords({
  docs,
  vitals,
  meds,
  record,
  renderReading = () => null,
  section,
}: {
  docs: CountedSection;
  vitals: CountedSection;
  meds: CountedSection;
  record: ArrivingRecord;
  /** A reading's measures on the Timeline. */
  renderReading?: (reading: VitalsReading) => ReactNode;
  /** The section shown first, when the page names one. */
  section?: HealthRecordSection | undefined;
}) {
  const { t } = useTranslation();
  const lists = [record.visits, record.readings, record.medications, record.documents];
  const waiting = lists.includes('loading');
  const failed = lists.includes('failed');
  // Made again only when a list arrives or changes, not on every render of the page.
  const { visits: visitList, readings, medications, documents } = record;
  const timeline = useMemo(
    () =>
      timelineOf({
        visits: arrived(visitList),
        readings: arrived(readings),
        medications: arrived(medications),
        documents: arrived(documents),
      }),
    [visitList, readings, medications, documents],
  );
  const failedNote = <SectionEmptyState>{t('healthRecords.loadFailed')}</SectionEmptyState>;
  /** A section's list once it arrived, its empty state when it arrived empty. */
  const contentOf = (count: Arriving<number>, empty: string, content: ReactNode) => {
    if (count === 'loading') return <LoadingNote />;
    if (count === 'failed') return failedNote;
    return count === 0 ? <SectionEmptyState>{empty}</SectionEmptyState> : content;
  };
  const visits = record.visits;
  return (
    <HealthRecordTabs
      initial={section}
      tabs={[
        {
          section: 'timeline',
          count: waiting ? 'loading' : failed ? 'failed' : timeline.length,
          // What has arrived is shown at once, the rest said to be on its way.
          content:
            timeline.length === 0 ? (
              contentOf(
                waiting ? 'loading' : failed ? 'failed' : 0,
                t('healthRecords.empty.timeline'),
                null,
              )
            ) : (
              <>
                <RecordTimeline entries={timeline} renderReading={renderReading} />
                {waiting ? <LoadingNote /> : failed && failedNote}
              </>
            ),
        },
        {
          section: 'meds',
          count: meds.count,
          content: contentOf(meds.count, t('healthRecords.empty.meds'), meds.content),
        },
        {
          section: 'vitals',
          count: vitals.count,
          content: contentOf(vitals.count, t('healthRecords.empty.vitals'), vitals.content),
        },
        { section: 'docs', count: docs.count, content: docs.content },
        {
          section: 'summaries',
          count: typeof visits === 'string' ? visits : visits.length,
          content: contentOf(
            typeof visits === 'string' ? visits : visits.length,
            t('healthRecords.empty.summaries'),
            <VisitSummaries visits={arrived(visits)} />,
          ),
        },
      ]}
    />
  );
}
