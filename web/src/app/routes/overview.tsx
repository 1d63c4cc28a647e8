import { AdminOverview } from '@/features/staff/components/staff-dashboards';

export default function OverviewPage() {
  return <AdminOverview />;
}
