import { useParams } from 'wouter';
import { VisitScreen } from '@/features/visits/components/visit-screen';
import { useCurrentRole } from '@/lib/use-current-role';

/** `/visit/:id`: the waiting room, the call and what follows, for the visit's patient or doctor. */
export default function VisitPage() {
  const { id } = useParams<{ id: string }>();
  const role = useCurrentRole();
  return <VisitScreen key={id} id={id} role={role === 'doctor' ? 'doctor' : 'patient'} />;
}
