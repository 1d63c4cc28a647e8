import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Visit } from '@shared/visits';
import {
  HealthRecordTabs,
  SectionEmptyState,
  type HealthRecordSection,
} from './health-record-tabs';
import { VisitSummaries, VisitTimeline } from './visit-records';

/**
 * The five sections of the health record. Timeline and Summaries list the finished visits
 * the page gives (`undefined` while they load); Meds has no records behind it yet; Vitals and
 * Docs are given by the page, with their counts (Vitals says there are none at 0).
 */
export function HealthRecords({
  docs,
  vitals = { count: 0, content: null },
  visits = [],
  section,
}: {
  docs: { count: number; content: ReactNode };
  vitals?: { count: number; content: ReactNode };
  visits?: Visit[];
  /** The section shown first, when the page names one. */
  section?: HealthRecordSection | undefined;
}) {
  const { t } = useTranslation();
  return (
    <HealthRecordTabs
      initial={section}
      tabs={[
        {
          section: 'timeline',
          count: visits.length,
          content:
            visits.length === 0 ? (
              <SectionEmptyState>{t('healthRecords.empty.timeline')}</SectionEmptyState>
            ) : (
              <VisitTimeline visits={visits} />
            ),
        },
        {
          section: 'meds',
          count: 0,
          content: <SectionEmptyState>{t('healthRecords.empty.meds')}</SectionEmptyState>,
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
