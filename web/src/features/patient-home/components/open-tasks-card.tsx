import { useTranslation } from 'react-i18next';
import { DashboardCard, EmptyState } from './dashboard-card';

export function OpenTasksCard() {
  const { t } = useTranslation();
  return (
    <DashboardCard title={t('patientHome.tasks.title')}>
      <EmptyState>{t('patientHome.tasks.empty')}</EmptyState>
    </DashboardCard>
  );
}
