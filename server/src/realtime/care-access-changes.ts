import * as z from 'zod/mini';
import type { Notifications } from '../db/database';
import { checkAgainAnnouncements } from './check-again-announcements';

/** The PostgreSQL channel every server process announces changed care grants on. */
export const careAccessChannel = 'care_access';

const changeSchema = z.object({ caregiverId: z.string(), patientId: z.string() });

/** Whose grant changed: the caregiver's, for the patient. Only ids, never what was granted. */
export type CareAccessChange = z.infer<typeof changeSchema>;

/**
 * Changed and ended care grants, across server processes: a push stream that follows a
 * patient for a caregiver watches that grant, so a removal closes it at once rather than at
 * the stream's next scheduled check.
 */
export function careAccessChanges(notifications: Notifications) {
  return checkAgainAnnouncements(
    notifications,
    careAccessChannel,
    changeSchema,
    (watched, changed) =>
      watched.caregiverId === changed.caregiverId && watched.patientId === changed.patientId,
  );
}

export type CareAccessChanges = ReturnType<typeof careAccessChanges>;
