import { DoctorsHoursList } from '@/features/doctor-hours/components/doctors-hours-list';
import { ManagerToday } from '@/features/staff/components/staff-dashboards';
import { useSession } from '@/lib/session';

/** `/today`: the manager's figures, then the doctors' hours they look after. */
export default function TodayPage() {
  const me = useSession().data;
  return (
    <>
      <ManagerToday />
      {me?.role === 'manager' && <DoctorsHoursList />}
    </>
  );
}
