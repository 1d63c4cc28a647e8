import { Building2Icon, ClipboardListIcon, UsersIcon } from 'lucide-react';
import { PageLinks } from '@/features/staff/components/page-links';
import { NotificationRecordsSection } from '@/features/notifications/components/notification-records-section';
import { NetworkOverview } from '@/features/staff/components/staff-dashboards';
import { addStaffStrings } from '@/features/staff/staff-strings';

addStaffStrings();

/**
 * The superadmin's home: the network's figures, everyone's accounts (People), the clinics and
 * the HMIS report (until Tenants takes them), and the record of notifications.
 */
export function SuperadminHome() {
  return (
    <>
      <NetworkOverview />
      <PageLinks
        links={[
          { label: 'people', to: '/people', icon: UsersIcon },
          { label: 'clinics', to: '/clinics', icon: Building2Icon },
          { label: 'hmis', to: '/hmis', icon: ClipboardListIcon },
        ]}
      />
      <NotificationRecordsSection />
    </>
  );
}
