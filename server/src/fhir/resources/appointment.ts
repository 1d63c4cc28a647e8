import type { Appointment } from 'fhir/r4';
import type { AppointmentStatus } from '@shared/appointments';
import { patientReference, type RecordRow } from './references';

/** A booking, as the FHIR API reads it (`appointments`). */
export interface AppointmentRow extends RecordRow {
  doctorId: string;
  endsAt: Date;
  reason: string;
  bookedAt: Date;
}

/** A booking's status as an Appointment's. */
export const appointmentStatuses = {
  booked: 'booked',
  checked_in: 'checked-in',
  in_visit: 'arrived',
  finished: 'fulfilled',
  cancelled: 'cancelled',
  no_show: 'noshow',
} as const satisfies Record<AppointmentStatus, Appointment['status']>;

/**
 * A booking as FHIR R4 has it: the patient and the doctor, both accepted, from its start
 * to its end, with the reason given and when it was booked.
 */
export function appointmentResource(row: AppointmentRow): Appointment {
  return {
    resourceType: 'Appointment',
    id: row.id,
    status: row.status as Appointment['status'],
    start: row.at.toISOString(),
    end: row.endsAt.toISOString(),
    minutesDuration: Math.round((row.endsAt.getTime() - row.at.getTime()) / 60_000),
    created: row.bookedAt.toISOString(),
    ...(row.reason.trim() ? { description: row.reason.trim() } : {}),
    participant: [
      { actor: patientReference(row.patientId), status: 'accepted' },
      { actor: { reference: `Practitioner/${row.doctorId}` }, status: 'accepted' },
    ],
  };
}
