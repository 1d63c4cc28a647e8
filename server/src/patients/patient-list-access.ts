import type { Actor } from '../auth/actor';

/**
 * Who sees which list of patients, decided here only:
 *
 * - **A doctor**, as themselves: the patients in their care, by the one patient-access rule
 *   (`read-record`, `access/patient-access.ts`), with what a clinician looks at first (last
 *   visit, flags of the last reading, missed doses).
 * - **A clinic manager**, as themselves: the patients of their own clinic (booked with or seen
 *   by one of its doctors), with contact details and that clinic's appointments, and nothing
 *   clinical: a manager is not a clinician. A manager of no clinic has no list.
 * - Nobody else, and nobody acting for someone else, has a list of patients.
 */
export type PatientListView = 'care' | 'clinic';

export function patientListViewOf(actor: Actor): PatientListView | null {
  if (actor.onBehalfOf !== null) return null;
  if (actor.caller.role === 'doctor') return 'care';
  if (actor.caller.role === 'manager') return 'clinic';
  return null;
}
