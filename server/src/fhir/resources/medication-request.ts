import type { MedicationRequest, TimingRepeat } from 'fhir/r4';
import type { TimeOfDay } from '@shared/medications';
import { lastUpdatedOf, patientReference, type RecordRow } from './references';

/** A prescription, as the FHIR API reads it (`medication_requests`). */
export interface MedicationRequestRow extends RecordRow {
  prescriberId: string;
  medicine: string;
  dose: string;
  times: string[];
  /** The clinic day of its first dose, `YYYY-MM-DD`. */
  startDay: string;
  /** The clinic day after its last dose, or null while ongoing. */
  endDay: string | null;
  instruction: string | null;
  stopReason: string | null;
}

/** The times of day as FHIR's event timing codes. */
const eventTimings = {
  morning: 'MORN',
  midday: 'NOON',
  evening: 'EVE',
  night: 'NIGHT',
} as const satisfies Record<TimeOfDay, NonNullable<TimingRepeat['when']>[number]>;

/**
 * A prescription as FHIR R4 has it: an order for the medicine (as the doctor wrote it),
 * the dose at its times of day from its first day to its last (none while ongoing), the
 * instruction, who prescribed it and when; stopped ones with the reason given.
 */
export function medicationRequestResource(row: MedicationRequestRow): MedicationRequest {
  const when = row.times
    .filter((time): time is TimeOfDay => time in eventTimings)
    .map((time) => eventTimings[time]);
  return {
    resourceType: 'MedicationRequest',
    id: row.id,
    ...lastUpdatedOf(row),
    status: row.status as MedicationRequest['status'],
    intent: 'order',
    medicationCodeableConcept: { text: row.medicine },
    subject: patientReference(row.patientId),
    authoredOn: row.at.toISOString(),
    requester: { reference: `Practitioner/${row.prescriberId}` },
    ...(row.stopReason ? { statusReason: { text: row.stopReason } } : {}),
    dosageInstruction: [
      {
        text: [row.dose, row.instruction].filter(Boolean).join(', '),
        ...(row.instruction ? { patientInstruction: row.instruction } : {}),
        timing: {
          repeat: {
            boundsPeriod: { start: row.startDay, ...(row.endDay ? { end: row.endDay } : {}) },
            ...(when.length > 0 ? { when } : {}),
          },
        },
      },
    ],
  };
}
