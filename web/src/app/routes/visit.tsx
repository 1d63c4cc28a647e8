import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { GrantedOnly } from '@/features/care-circle/components/caring-for-switch';
import { chartKeys } from '@/features/chart/api/get-chart';
import { PrescribeForm } from '@/features/prescribing/components/prescribe-form';
import { VisitScreen } from '@/features/visits/components/visit-screen';
import { useCurrentRole } from '@/lib/use-current-role';

/** `/visit/:id`: the waiting room, the call and what follows, for the visit's patient or doctor. */
export default function VisitPage() {
  const { id } = useParams<{ id: string }>();
  const role = useCurrentRole();
  const queryClient = useQueryClient();
  const screen = (
    <VisitScreen
      key={id}
      id={id}
      role={role === 'doctor' ? 'doctor' : 'patient'}
      afterSummary={(visit) => (
        <PrescribeForm
          patientId={visit.patientId}
          onSaved={() => queryClient.invalidateQueries({ queryKey: chartKeys.of(visit.patientId) })}
        />
      )}
    />
  );
  // A doctor's visit is theirs; a patient's carer joins only when let book and join visits.
  if (role === 'doctor') return screen;
  return <GrantedOnly permission="visits">{screen}</GrantedOnly>;
}
