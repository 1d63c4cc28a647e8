import * as z from 'zod/mini';
import { recordIdSchema } from './record-id';

/**
 * The network's clinics, as the HMIS report names them: each with the DHIS2 organisation unit
 * it reports as. A doctor or manager belongs to at most one clinic; a consultation counts for
 * the clinic of its doctor. The superadmin keeps the list (`/api/clinics`).
 */

/** The refusals of this domain, word for word; the web app shows them in the reader's language. */
export const clinicsMessages = {
  nameRequired: 'Please enter the clinic’s name',
  orgUnitInvalid:
    'Please enter the DHIS2 organisation unit: 1 to 50 letters, digits, dots, hyphens or underscores',
  orgUnitTaken: 'Another clinic already reports as this organisation unit',
  onlyStaff: 'Only a doctor, a manager or an administrator belongs to a clinic',
} as const;

const clinicName = z
  .string(clinicsMessages.nameRequired)
  .check(z.trim(), z.minLength(1, clinicsMessages.nameRequired), z.maxLength(120));

/** A DHIS2 organisation unit id or code, as the operator's HMIS gave it. */
export const orgUnitCodeSchema = z
  .string(clinicsMessages.orgUnitInvalid)
  .check(z.trim(), z.regex(/^[A-Za-z0-9._-]{1,50}$/, clinicsMessages.orgUnitInvalid));

export const clinicSchema = z.object({
  id: z.string(),
  name: z.string(),
  orgUnitCode: z.string(),
  createdAt: z.string(),
});
export type Clinic = z.infer<typeof clinicSchema>;

/** A doctor, manager or administrator, and the clinic they belong to (null: none). */
export const clinicStaffSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['doctor', 'manager', 'admin']),
  clinicId: z.nullable(z.string()),
});
export type ClinicStaff = z.infer<typeof clinicStaffSchema>;

/** `GET /api/clinics`: every clinic, and every doctor and manager with theirs. */
export const clinicsOverviewSchema = z.object({
  clinics: z.array(clinicSchema),
  staff: z.array(clinicStaffSchema),
});
export type ClinicsOverview = z.infer<typeof clinicsOverviewSchema>;

/** `POST /api/clinics`. */
export const newClinicSchema = z.object({ name: clinicName, orgUnitCode: orgUnitCodeSchema });
export type NewClinic = z.infer<typeof newClinicSchema>;

/** `PATCH /api/clinics/:clinicId`: a new name, a new organisation unit, or both. */
export const clinicChangeSchema = z.object({
  name: z.optional(clinicName),
  orgUnitCode: z.optional(orgUnitCodeSchema),
});
export type ClinicChange = z.infer<typeof clinicChangeSchema>;

export const clinicParamsSchema = z.object({ clinicId: recordIdSchema() });

export const staffParamsSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** `PUT /api/clinics/staff/:userId`: the clinic a doctor or manager belongs to, or none. */
export const staffClinicSchema = z.object({ clinicId: z.nullable(recordIdSchema()) });
export type StaffClinic = z.infer<typeof staffClinicSchema>;
