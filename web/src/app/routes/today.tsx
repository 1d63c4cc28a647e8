import { ClipboardListIcon } from 'lucide-react';
import { DoctorsHoursList } from '@/features/doctor-hours/components/doctors-hours-list';
import { PageLinks } from '@/features/staff/components/page-links';
import { ManagerToday } from '@/features/staff/components/staff-dashboards';
import { useSession } from '@/lib/session';

/** `/today`: the manager's figures, the HMIS report, then the doctors' hours they look after. */
export default function TodayPage() {
  const me = useSession().data;
  return (
    <>
      <ManagerToday />
      {me?.role === 'manager' && (
        <>
          <PageLinks links={[{ label: 'hmis', to: '/hmis', icon: ClipboardListIcon }]} />
          <DoctorsHoursList />
        </>
      )}
    </>
  );
}
