import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { HealthRecordTabs, SectionEmptyState } from './health-record-tabs';

/**
 * The five sections of the health record. Timeline, Meds, Vitals and Summaries have
 * no records behind them yet; Docs is given by the page, with its count.
 */
export function HealthRecords({ docs }: { docs: { count: number; content: ReactNode } }) {
  const { t } = useTranslation();
  return (
    <HealthRecordTabs
      tabs={[
        {
          section: 'timeline',
          count: 0,
          content: <SectionEmptyState>{t('healthRecords.empty.timeline')}</SectionEmptyState>,
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
          count: 0,
          content: <SectionEmptyState>{t('healthRecords.empty.summaries')}</SectionEmptyState>,
        },
      ]}
    />
  );
}
