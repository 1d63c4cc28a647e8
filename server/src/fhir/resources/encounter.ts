import type { Encounter } from 'fhir/r4';
import type { VisitStatus } from '@shared/visits';
import { lastUpdatedOf, patientReference, type RecordRow } from './references';

/** A visit, as the FHIR API reads it (`visits`). */
export interface EncounterRow extends RecordRow {
  doctorId: string | null;
  reason: string;
  endedAt: Date | null;
  appointmentId: string | null;
}

/**
 * A visit's status as an Encounter's: in the waiting room the patient has arrived; once a
 * doctor started it, it is in progress; a visit the patient never came to was cancelled.
 */
export const encounterStatuses = {
  queued: 'arrived',
  waiting: 'in-progress',
  in_progress: 'in-progress',
  finished: 'finished',
  cancelled: 'cancelled',
  no_show: 'cancelled',
} as const satisfies Record<VisitStatus, Encounter['status']>;

/**
 * A virtual visit as FHIR R4 has it: a virtual encounter (v3 ActCode VR) of the patient with
 * the doctor who took it, from its start (or its joining the queue) to its end, with the
 * reason the patient gave and the appointment it came from.
 */
export function encounterResource(row: EncounterRow): Encounter {
  return {
    resourceType: 'Encounter',
    id: row.id,
    ...lastUpdatedOf(row),
    status: row.status as Encounter['status'],
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: 'VR',
      display: 'virtual',
    },
    subject: patientReference(row.patientId),
    ...(row.doctorId
      ? { participant: [{ individual: { reference: `Practitioner/${row.doctorId}` } }] }
      : {}),
    period: {
      start: row.at.toISOString(),
      ...(row.endedAt ? { end: row.endedAt.toISOString() } : {}),
    },
    ...(row.reason.trim() ? { reasonCode: [{ text: row.reason.trim() }] } : {}),
    ...(row.appointmentId
      ? { appointment: [{ reference: `Appointment/${row.appointmentId}` }] }
      : {}),
  };
}
