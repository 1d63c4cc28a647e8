import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { recordVitalsSchema, type RecordVitals, type VitalsReading } from '@shared/vitals';
import { apiFetch } from '@/lib/api-client';
import { outbox, useOutbox, type OutboxItem, type OutboxSender } from '@/lib/outbox';
import { vitalsKeys } from './vitals-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export interface RecordVitalsInput {
  patientId: string;
  /** The reading, under an id chosen once on this device: a resend is never stored twice. */
  reading: RecordVitals;
}

/** The outbox's kind for readings; their key is the patient, so each patient's keep their order. */
export const vitalsKind = 'vitals';
export type VitalsKind = typeof vitalsKind;

export function recordVitals({ patientId, reading }: RecordVitalsInput): Promise<VitalsReading> {
  const body = recordVitalsSchema.parse(reading);
  return apiFetch<VitalsReading>(`/api/patients/${encodeURIComponent(patientId)}/vitals`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

function showReading(queryClient: QueryClient, patientId: string, reading: VitalsReading) {
  queryClient.setQueryData(vitalsKeys.of(patientId), (readings: VitalsReading[] | undefined) =>
    readings
      ? [reading, ...readings.filter((other) => other.id !== reading.id)].sort(
          (a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt),
        )
      : readings,
  );
}

export function useRecordVitals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordVitals,
    // Offline it fails at once, and the form hands the reading to the outbox.
    networkMode: 'always',
    onSuccess: async (reading, { patientId }) => {
      showReading(queryClient, patientId, reading);
      await queryClient.invalidateQueries({ queryKey: vitalsKeys.of(patientId) });
    },
  });
}

/** Delivers readings saved offline; the stored reading replaces the waiting one. */
export function vitalsSender(queryClient: QueryClient): OutboxSender<RecordVitalsInput> {
  return {
    send: recordVitals,
    delivered: async (answer, entry) => {
      showReading(queryClient, entry.payload.patientId, answer as VitalsReading);
      await refetchAfterWrite(queryClient, { queryKey: vitalsKeys.of(entry.payload.patientId) });
    },
  };
}

/** Keeps a reading on the device until the server can take it. */
export async function queueVitals(input: RecordVitalsInput): Promise<void> {
  const reading = recordVitalsSchema.parse(input.reading);
  await outbox.add<RecordVitalsInput>({
    kind: vitalsKind,
    key: `vitals:${input.patientId}`,
    id: reading.id,
    payload: { patientId: input.patientId, reading },
  });
}

/** A patient's readings still on this device: waiting to be sent, or refused. */
export function usePendingVitals(patientId: string | undefined): OutboxItem<RecordVitalsInput>[] {
  return useOutbox<RecordVitalsInput>(vitalsKind).filter(
    (entry) => entry.payload.patientId === patientId,
  );
}
