import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Visit } from '@shared/visits';
import { HealthRecordTabs, SectionEmptyState } from './health-record-tabs';
import { VisitSummaries, VisitTimeline } from './visit-records';

/**
 * The five sections of the health record. Timeline and Summaries list the finished visits
 * the page gives (`undefined` while they load); Meds and Vitals have no records behind them
 * yet; Docs is given by the page, with its count.
 */
export function HealthRecords({
  docs,
  visits = [],
}: {
  docs: { count: number; content: ReactNode };
  visits?: Visit[];
}) {
  const { t } = useTranslation();
  return (
    <HealthRecordTabs
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
          count: 0,
          content: <SectionEmptyState>{t('healthRecords.empty.vitals')}</SectionEmptyState>,
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
