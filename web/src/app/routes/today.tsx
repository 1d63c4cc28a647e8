import { ManagerToday } from '@/features/staff/components/staff-dashboards';

export default function TodayPage() {
  return <ManagerToday />;
}
