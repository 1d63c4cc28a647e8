import { Redirect } from 'wouter';
import { CareCircleScreen } from '@/features/care-circle/components/care-circle-screen';
import { useActingFor } from '@/lib/acting-for';
import { useSession } from '@/lib/session';

/**
 * `/care-circle`: the patient's own care circle. Its own chunk, so the patient pages keep
 * their JavaScript budget. Nobody caring for someone changes that person's circle.
 */
export default function CareCirclePage() {
  const me = useSession().data;
  const actingFor = useActingFor();
  if (!me) return null;
  if (me.role !== 'patient' || actingFor !== null) return <Redirect to="/" replace />;
  return <CareCircleScreen />;
}
