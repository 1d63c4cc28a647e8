import { Redirect } from 'wouter';
import { HmisReportScreen } from '@/features/hmis/components/hmis-report-screen';
import { useSession } from '@/lib/session';

/** `/hmis`: the HMIS monthly report, the superadmin's for every clinic, a manager's for theirs. */
export default function HmisPage() {
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'superadmin' && me.role !== 'manager') return <Redirect to="/" replace />;
  return <HmisReportScreen />;
}
