import { Redirect } from 'wouter';
import { PatientsScreen } from '@/features/patients/components/patients-screen';
import { useSession } from '@/lib/session';

/** `/patients`: a doctor's patients in care, a clinic manager's clinic's patients. */
export default function PatientsPage() {
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'doctor' && me.role !== 'manager') return <Redirect to="/" replace />;
  return <PatientsScreen />;
}
