import { useTranslation } from 'react-i18next';
import type { LatestVitals } from '@shared/vitals';
import { DashboardCard } from './dashboard-card';
import { VitalsTiles } from './vitals-tiles';

export function VitalsCard({ latest }: { latest: LatestVitals | 'loading' }) {
  const { t } = useTranslation();
  return (
    <DashboardCard title={t('patientHome.vitals.title')}>
      <VitalsTiles latest={latest} />
    </DashboardCard>
  );
}
