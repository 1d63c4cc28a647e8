import { Redirect } from 'wouter';
import { ComplianceScreen } from '@/features/compliance/components/compliance-screen';
import { useSession } from '@/lib/session';

/** `/compliance`: the audit trail as the super administrator reads it. */
export default function CompliancePage() {
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'superadmin') return <Redirect to="/" replace />;
  return <ComplianceScreen />;
}
