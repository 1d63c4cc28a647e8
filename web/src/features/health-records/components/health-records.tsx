import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { VitalsReading } from '@shared/vitals';
import { timelineOf, type PatientRecord } from '../timeline';
import {
  HealthRecordTabs,
  SectionEmptyState,
  type HealthRecordSection,
} from './health-record-tabs';
import { RecordTimeline } from './record-timeline';
import { VisitSummaries } from './visit-records';

/** A section the page fills in, with how many entries it holds. */
interface CountedSection {
  count: number;
  content: ReactNode;
}

/**
 * The five sections of the health record, every count from the patient's own record. The
 * Timeline merges the record's visits, readings, prescriptions and documents the page gives
 * (each list empty while it loads); Summaries lists the finished visits; Meds, Vitals and
 * Docs are given by the page with their counts (Meds and Vitals say there are none at 0).
 */
export function HealthRecords({
  docs,
  vitals = { count: 0, content: null },
  meds = { count: 0, content: null },
  record = {},
  renderReading = () => null,
  section,
}: {
  docs: CountedSection;
  vitals?: CountedSection;
  meds?: CountedSection;
  record?: Partial<PatientRecord>;
  /** A reading's measures on the Timeline. */
  renderReading?: (reading: VitalsReading) => ReactNode;
  /** The section shown first, when the page names one. */
  section?: HealthRecordSection | undefined;
}) {
  const { t } = useTranslation();
  const visits = record.visits ?? [];
  const timeline = timelineOf({
    visits,
    readings: record.readings ?? [],
    medications: record.medications ?? [],
    documents: record.documents ?? [],
  });
  return (
    <HealthRecordTabs
      initial={section}
      tabs={[
        {
          section: 'timeline',
          count: timeline.length,
          content:
            timeline.length === 0 ? (
              <SectionEmptyState>{t('healthRecords.empty.timeline')}</SectionEmptyState>
            ) : (
              <RecordTimeline entries={timeline} renderReading={renderReading} />
            ),
        },
        {
          section: 'meds',
          count: meds.count,
          content:
            meds.count === 0 ? (
              <SectionEmptyState>{t('healthRecords.empty.meds')}</SectionEmptyState>
            ) : (
              meds.content
            ),
        },
        {
          section: 'vitals',
          count: vitals.count,
          content:
            vitals.count === 0 ? (
              <SectionEmptyState>{t('healthRecords.empty.vitals')}</SectionEmptyState>
            ) : (
              vitals.content
            ),
        },
        { section: 'docs', count: docs.count, content: docs.content },
        {
          section: 'summaries',
          count: visits.length,
          content:
            visits.length === 0 ? (
              <SectionEmptyState>{t('healthRecords.empty.summaries')}</SectionEmptyState>
            ) : (
              <VisitSummaries visits={visits} />
            ),
        },
      ]}
    />
  );
}
