import { NotificationRecordsSection } from '@/features/notifications/components/notification-records-section';
import { NetworkOverview } from '@/features/staff/components/staff-dashboards';
import { addStaffStrings } from '@/features/staff/staff-strings';

addStaffStrings();

/** The superadmin's home: the network's figures, and the record of notifications under them. */
export function SuperadminHome() {
  return (
    <>
      <NetworkOverview />
      <NotificationRecordsSection />
    </>
  );
}
