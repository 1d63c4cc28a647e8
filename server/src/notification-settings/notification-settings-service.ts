import type {
  NotificationRecord,
  NotificationSettings,
  NotificationSettingsChange,
} from '@shared/notifications';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import type { NotificationRecordsRepository } from './notification-records-repository';
import type {
  NotificationSettingsRepository,
  RecipientSettings,
  RecipientSettingsChange,
} from './notification-settings-repository';

/** `07:30` → 450. */
function minuteOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 450 → `07:30`. */
function timeOf(minute: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

function shown(settings: RecipientSettings): NotificationSettings {
  return {
    phoneNumber: settings.phoneNumber,
    texts: settings.texts,
    medicationReminders: settings.medicationReminders,
    quietHours: { start: timeOf(settings.quietStartMinute), end: timeOf(settings.quietEndMinute) },
    language: settings.language,
  };
}

/**
 * The signed-in person's notification settings (Profile → Notifications), and the record of
 * every notification, which the super administrator alone reads.
 */
export function notificationSettingsService(deps: {
  settings: NotificationSettingsRepository;
  records: NotificationRecordsRepository;
  trail: AuditTrail;
}) {
  return {
    async get(actor: Actor): Promise<NotificationSettings> {
      return shown(await deps.settings.forRecipient(actor.caller.id));
    },

    /** Changes what is given; the rest stays. */
    async update(actor: Actor, change: NotificationSettingsChange): Promise<NotificationSettings> {
      const stored: RecipientSettingsChange = {
        texts: change.texts,
        medicationReminders: change.medicationReminders,
        language: change.language,
        ...(change.quietHours && {
          quietStartMinute: minuteOf(change.quietHours.start),
          quietEndMinute: minuteOf(change.quietHours.end),
        }),
      };
      return shown(await deps.settings.update(actor.caller.id, stored));
    },

    /** A page of the record, newest due first, before `before` when given. */
    async records(actor: Actor, before: string | undefined): Promise<NotificationRecord[]> {
      if (actor.caller.role !== 'superadmin') {
        throw new AppError(
          'forbidden',
          'Only the super administrator reads the notification record.',
        );
      }
      // Who was told what kind of thing (a dose reminder says someone takes a medicine): a
      // read of everyone's, recorded before it is answered, as a read of the trail is.
      await deps.trail.note({
        type: 'notification-records-read',
        agent: agentOf(actor),
        entity: { type: 'notification-record', id: null },
        detail: { before: before ?? null },
      });
      return deps.records.page(before === undefined ? undefined : new Date(before));
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof notificationSettingsService>;
