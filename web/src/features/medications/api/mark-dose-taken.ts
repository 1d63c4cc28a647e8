import type { QueryClient } from '@tanstack/react-query';
import { markDoseTakenSchema, type Dose, type MarkDoseTaken } from '@shared/medications';
import { apiFetch } from '@/lib/api-client';
import { outbox, useOutbox, type OutboxItem, type OutboxSender } from '@/lib/outbox';
import { medicationsKeys } from './medications-keys';
import { refetchAfterWrite } from '@/lib/refetch-after-write';

export interface DoseTakenInput {
  patientId: string;
  /** The dose, under an id chosen once per press: a resend is recorded once. */
  taken: MarkDoseTaken;
}

/** The outbox's kind for doses marked taken; their key is the patient, so they keep their order. */
export const doseTakenKind = 'dose-taken';
export type DoseTakenKind = typeof doseTakenKind;

export function markDoseTaken({ patientId, taken }: DoseTakenInput): Promise<Dose> {
  const body = markDoseTakenSchema.parse(taken);
  return apiFetch<Dose>(`/api/patients/${encodeURIComponent(patientId)}/doses/taken`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** The recorded dose replaces the day's one in the list. */
function showDose(queryClient: QueryClient, patientId: string, recorded: Dose) {
  queryClient.setQueryData(
    medicationsKeys.dosesOn(patientId, recorded.day),
    (doses: Dose[] | undefined) =>
      doses?.map((dose) =>
        dose.medicationId === recorded.medicationId && dose.timeOfDay === recorded.timeOfDay
          ? recorded
          : dose,
      ),
  );
}

/** Delivers doses marked taken; the server's answer shows them as recorded. */
export function doseTakenSender(queryClient: QueryClient): OutboxSender<DoseTakenInput> {
  return {
    send: markDoseTaken,
    delivered: async (answer, entry) => {
      const { patientId } = entry.payload;
      showDose(queryClient, patientId, answer as Dose);
      await Promise.all([
        refetchAfterWrite(queryClient, { queryKey: medicationsKeys.doses(patientId) }),
        refetchAfterWrite(queryClient, { queryKey: medicationsKeys.of(patientId), exact: true }),
      ]);
    },
  };
}

/**
 * Keeps the press on the device and sends it at once when online, else when the connection
 * returns: the dose reads as taken from the moment it is pressed.
 */
export async function queueDoseTaken(
  patientId: string,
  dose: Pick<MarkDoseTaken, 'medicationId' | 'day' | 'timeOfDay'>,
): Promise<void> {
  const taken = markDoseTakenSchema.parse({
    id: crypto.randomUUID(),
    medicationId: dose.medicationId,
    day: dose.day,
    timeOfDay: dose.timeOfDay,
  });
  await outbox.add<DoseTakenInput>({
    kind: doseTakenKind,
    key: `dose-taken:${patientId}`,
    id: taken.id,
    payload: { patientId, taken },
  });
}

/** A patient's doses marked taken on this device that the server has yet to record. */
export function usePendingDosesTaken(patientId: string | undefined): OutboxItem<DoseTakenInput>[] {
  return useOutbox<DoseTakenInput>(doseTakenKind).filter(
    (entry) => entry.payload.patientId === patientId,
  );
}
