import { useTranslation } from 'react-i18next';
import { DashboardCard } from './dashboard-card';
import { VitalsTiles } from './vitals-tiles';

export function VitalsCard() {
  const { t } = useTranslation();
  return (
    <DashboardCard title={t('patientHome.vitals.title')}>
      <VitalsTiles />
    </DashboardCard>
  );
}
