import * as z from 'zod/mini';
import { appointmentStatuses } from './appointments';
import { vitalFlags } from './vital-flags';

/**
 * `GET /api/patients`: the staff's Patients page. A doctor sees the patients in their care (the
 * access rule's `read-record`), with what a clinician looks at first; a clinic manager sees the
 * patients of their clinic (booked with or seen by one of its doctors) with their contact
 * details and appointments, and nothing clinical. Every patient listed is an audited read.
 */

/** At most this many patients are listed; a search finds the others. */
export const patientListLimit = 100;
export const maxPatientSearchLength = 100;

export const patientListMessages = {
  searchTooLong: `A search can have at most ${maxPatientSearchLength} characters.`,
} as const;

export const patientListQuerySchema = z.object({
  /** Part of a name or of a phone number, any case; absent or blank lists everyone. */
  search: z.optional(
    z
      .string()
      .check(z.maxLength(maxPatientSearchLength, patientListMessages.searchTooLong), z.trim()),
  ),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

const appointmentSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  status: z.enum(appointmentStatuses),
  doctorName: z.string(),
});
export type PatientListAppointment = z.infer<typeof appointmentSchema>;

/** A patient in a doctor's care. */
export const carePatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  /** When their last visit (with any doctor) finished or began; null when they had none. */
  lastVisitAt: z.nullable(z.string()),
  nextAppointment: z.nullable(appointmentSchema),
  /** The thresholds their last reading passed (`flagsOf`); empty when none. */
  flags: z.array(z.enum(vitalFlags)),
  /** Doses of their medicines missed over the last 7 clinic days (the chart's adherence). */
  missedDoses: z.number(),
});
export type CarePatient = z.infer<typeof carePatientSchema>;

/** A patient of the manager's clinic: contact and appointments, no clinical data. */
export const clinicPatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  lastAppointment: z.nullable(appointmentSchema),
  nextAppointment: z.nullable(appointmentSchema),
});
export type ClinicPatient = z.infer<typeof clinicPatientSchema>;

export const patientListSchema = z.discriminatedUnion('view', [
  z.object({ view: z.literal('care'), patients: z.array(carePatientSchema) }),
  z.object({ view: z.literal('clinic'), patients: z.array(clinicPatientSchema) }),
]);
export type PatientList = z.infer<typeof patientListSchema>;
