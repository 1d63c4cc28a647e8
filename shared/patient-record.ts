import * as z from 'zod/mini';

/**
 * A patient's record as the API names it: `/api/patients/:patientId/...`, for vitals,
 * medications and what else is recorded about a patient.
 */

/** What every refusal to reach a patient's record says: missing and forbidden alike. */
export const noSuchPatientMessage = 'No such patient.';

/** A patient's account id, as the path names it. Any other text is a patient that does not exist. */
export const patientParamsSchema = z.object({
  patientId: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/)),
});
