import { ClockIcon, MegaphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/number-format';
import { clinicAnnouncements } from '../clinic-announcements';
import { DashboardCard } from './dashboard-card';

export function AnnouncementsCard() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { clinicHours, eCheckInOpensMinutesBefore } = clinicAnnouncements;
  return (
    <DashboardCard title={t('patientHome.announcements.title')}>
      <ul className="grid gap-2 text-sm">
        <li className="flex gap-2">
          <ClockIcon className="text-brand-700 mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('patientHome.announcements.clinicHours', {
            opens: format.digits(clinicHours.opens),
            closes: format.digits(clinicHours.closes),
          })}
        </li>
        <li className="flex gap-2">
          <MegaphoneIcon className="text-brand-700 mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('patientHome.announcements.eCheckIn', {
            minutes: format.number(eCheckInOpensMinutesBefore),
          })}
        </li>
      </ul>
    </DashboardCard>
  );
}
