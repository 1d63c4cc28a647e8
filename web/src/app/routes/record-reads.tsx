import { Redirect } from 'wouter';
import { RecordReadsScreen } from '@/features/patient-profile/record-reads/record-reads-screen';
import { useSession } from '@/lib/session';

/** `/profile/record-reads`: who has seen the patient's own record. */
export default function RecordReadsPage() {
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'patient') return <Redirect to="/profile" replace />;
  return <RecordReadsScreen />;
}
