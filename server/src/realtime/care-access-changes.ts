import * as z from 'zod/mini';
import type { Notifications } from '../db/database';
import { channelSubscribers } from './channel-subscribers';

/** The PostgreSQL channel every server process announces changed care grants on. */
export const careAccessChannel = 'care_access';

const changeSchema = z.object({ caregiverId: z.string(), patientId: z.string() });

/** Whose grant changed: the caregiver's, for the patient. Only ids, never what was granted. */
export type CareAccessChange = z.infer<typeof changeSchema>;

interface Watcher extends CareAccessChange {
  /** The grant changed or ended, or announcements may have been lost: check access again. */
  changed(): void;
  gap(): void;
}

/**
 * Changed and ended care grants, across server processes: a push stream that follows a
 * patient for a caregiver watches that grant, so a removal closes it at once rather than at
 * the stream's next scheduled check.
 */
export function careAccessChanges(notifications: Notifications) {
  const channel = channelSubscribers<Watcher, CareAccessChange>(
    notifications,
    careAccessChannel,
    changeSchema,
    (change, watchers) => {
      for (const watcher of watchers) {
        if (watcher.caregiverId === change.caregiverId && watcher.patientId === change.patientId) {
          watcher.changed();
        }
      }
      return Promise.resolve();
    },
  );
  return {
    /** Tells every process that the caregiver's grant of the patient changed or ended. */
    announce: (change: CareAccessChange) =>
      notifications.notify(careAccessChannel, JSON.stringify(change)),
    /** Calls `changed` whenever this grant changes; the function returned stops watching. */
    watch: (grant: CareAccessChange, changed: () => void): Promise<() => void> =>
      channel.subscribe({ ...grant, changed, gap: changed }),
    close: () => channel.close(),
  };
}

export type CareAccessChanges = ReturnType<typeof careAccessChanges>;
