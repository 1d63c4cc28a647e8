import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Redirect, useParams } from 'wouter';
import { chartKeys, chartQueryOptions } from '@/features/chart/api/get-chart';
import { ChartScreen } from '@/features/chart/components/chart-screen';
import { MedicationItem } from '@/features/medications/components/medication-item';
import { PrescribeForm } from '@/features/prescribing/components/prescribe-form';
import { StopMedication } from '@/features/prescribing/components/stop-medication';
import { VitalsTrend } from '@/features/vitals/components/vitals-trend';
import { useSession } from '@/lib/session';

/** The chart, asked for while the app is still starting. */
export function prefetch(queryClient: QueryClient, { patientId }: Record<string, string>) {
  if (!patientId) return;
  void queryClient.query(chartQueryOptions(patientId)).catch(() => undefined);
}

/** `/chart/:patientId`: a doctor's chart of a patient they care for, where they prescribe. */
export default function ChartPage() {
  const { patientId } = useParams<{ patientId: string }>();
  const queryClient = useQueryClient();
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'doctor') return <Redirect to="/" replace />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: chartKeys.of(patientId) });
  return (
    <ChartScreen
      key={patientId}
      patientId={patientId}
      medicationItem={(medication, parts) => <MedicationItem medication={medication} {...parts} />}
      prescribing={<PrescribeForm patientId={patientId} onSaved={refresh} />}
      medicationActions={(medication) => (
        <StopMedication patientId={patientId} medication={medication} onStopped={refresh} />
      )}
      vitalsTrend={(readings) => <VitalsTrend readings={readings} />}
    />
  );
}
