import { useMutation } from '@tanstack/react-query';
import { prescribeSchema, type Medication, type Prescribe } from '@shared/medications';
import { apiFetch } from '@/lib/api-client';

export interface PrescribeInput {
  patientId: string;
  /** Under an id chosen once for this prescription: a resend is stored once. */
  prescription: Prescribe;
}

export function prescribe({ patientId, prescription }: PrescribeInput): Promise<Medication> {
  const body = prescribeSchema.parse(prescription);
  return apiFetch<Medication>(`/api/patients/${encodeURIComponent(patientId)}/medications`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** Prescribes; `onSaved` lets the page refresh what shows the patient's medications. */
export function usePrescribe(onSaved?: () => unknown) {
  return useMutation({
    mutationFn: prescribe,
    onSuccess: async () => {
      await onSaved?.();
    },
  });
}
