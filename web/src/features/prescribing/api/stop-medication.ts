import { useMutation } from '@tanstack/react-query';
import { stopMedicationSchema, type Medication, type StopMedication } from '@shared/medications';
import { apiFetch } from '@/lib/api-client';

export interface StopMedicationInput {
  patientId: string;
  medicationId: string;
  stop: StopMedication;
}

export function stopMedication({
  patientId,
  medicationId,
  stop,
}: StopMedicationInput): Promise<Medication> {
  const body = stopMedicationSchema.parse(stop);
  return apiFetch<Medication>(
    `/api/patients/${encodeURIComponent(patientId)}/medications/${encodeURIComponent(medicationId)}/stop`,
    { method: 'POST', body: JSON.stringify(body) },
  );
}

/** Stops a medication with a reason; `onStopped` lets the page refresh what lists it. */
export function useStopMedication(onStopped?: () => unknown) {
  return useMutation({
    mutationFn: stopMedication,
    onSuccess: async () => {
      await onStopped?.();
    },
  });
}
