import { Redirect } from 'wouter';
import { ClinicsScreen } from '@/features/hmis/components/clinics-screen';
import { useSession } from '@/lib/session';

/** `/clinics`: the superadmin's clinics and who belongs to which. */
export default function ClinicsPage() {
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'superadmin') return <Redirect to="/" replace />;
  return <ClinicsScreen />;
}
