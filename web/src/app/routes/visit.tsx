import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { chartKeys } from '@/features/chart/api/get-chart';
import { PrescribeForm } from '@/features/prescribing/components/prescribe-form';
import { VisitScreen } from '@/features/visits/components/visit-screen';
import { useCurrentRole } from '@/lib/use-current-role';

/** `/visit/:id`: the waiting room, the call and what follows, for the visit's patient or doctor. */
export default function VisitPage() {
  const { id } = useParams<{ id: string }>();
  const role = useCurrentRole();
  const queryClient = useQueryClient();
  return (
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
}
