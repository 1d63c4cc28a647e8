import { checkInOpensMs } from '@shared/appointments';
import type { NotificationChannel, NotificationKind } from '@shared/notifications';
import type { JobQueue } from '../jobs/job-queue';
import type { NotificationsRepository } from './notifications-repository';

/** The job queue whose jobs each hand one stored notification over. */
export const notificationQueue = 'notification';

/** What a cause asks to tell someone. */
export interface NotifyRequest {
  kind: NotificationKind;
  userId: string;
  /**
   * What caused it, the same however often the cause is replayed: a visit's id, a booking's id
   * with its time. With the kind and the channel it is the notification's key.
   */
  cause: string;
  /** When it is due; now when absent. */
  dueAt?: Date;
  /** The appointment it is about, so cancelling or moving it withdraws what was still due. */
  appointmentId?: string;
  /** The channels to use; by default the kind's own. */
  channels?: readonly NotificationChannel[];
}

/** Medication reminders come often and go by push only; the rest by push and text. */
function channelsOf(kind: NotificationKind): readonly NotificationChannel[] {
  return kind === 'medication-due' ? ['push'] : ['push', 'sms'];
}

/**
 * What may never wait for the morning: a doctor waiting now, what a doctor at work needs, and
 * a dose reminder the patient asked for at the dose's own time (the night dose is at 21:00;
 * told in the morning, it would be a reminder of a dose already missed).
 */
const neverWaits: readonly NotificationKind[] = [
  'doctor-is-in',
  'medication-due',
  'patient-in-queue',
  'patient-checked-in',
];

/** What an appointment still has to say before it starts, withdrawn when it is cancelled or moved. */
export const appointmentReminderKinds: readonly NotificationKind[] = [
  'appointment-tomorrow',
  'appointment-in-an-hour',
  'check-in-open',
];

/** Each reminder before an appointment, and how long before its start it is due. */
const remindersBefore: readonly { kind: NotificationKind; beforeMs: number }[] = [
  { kind: 'appointment-tomorrow', beforeMs: 24 * 60 * 60_000 },
  { kind: 'appointment-in-an-hour', beforeMs: 60 * 60_000 },
  { kind: 'check-in-open', beforeMs: checkInOpensMs },
];

/** A booking as its notifications need it. */
export interface BookedAppointment {
  id: string;
  patientId: string;
  startsAt: Date;
}

/**
 * The one way a cause asks for a notification: stored under its key and queued, inside the
 * cause's own unit of work, so it exists exactly when the change that caused it does, and a
 * replay of the cause stores nothing new.
 */
export function notifier(deps: { notifications: NotificationsRepository; jobs: JobQueue }) {
  return {
    async notify(request: NotifyRequest): Promise<void> {
      // What is due now is due on the database's clock, the one a sender takes it by: a
      // moment from this server's clock may be ahead of it, and the job would find nothing.
      const dueAt = request.dueAt ?? null;
      const later = dueAt !== null && dueAt.getTime() > Date.now();
      for (const channel of request.channels ?? channelsOf(request.kind)) {
        const id = await deps.notifications.add({
          key: `${request.kind}:${request.cause}:${channel}`,
          userId: request.userId,
          kind: request.kind,
          channel,
          dueAt,
          respectsQuietHours: !neverWaits.includes(request.kind),
          appointmentId: request.appointmentId ?? null,
        });
        if (id) {
          await deps.jobs.send(notificationQueue, { id }, later ? dueAt : undefined);
        }
      }
    },

    /**
     * A walk-in joined the waiting room, which every doctor serves: each is told by push (a
     * text to every doctor for every walk-in would cost more than it helps).
     */
    async notifyDoctorsOfQueue(visitId: string): Promise<void> {
      for (const doctorId of await deps.notifications.doctorIds()) {
        await this.notify({
          kind: 'patient-in-queue',
          userId: doctorId,
          // One key per doctor: the visit alone would tell only the first.
          cause: `${visitId}:${doctorId}`,
          channels: ['push'],
        });
      }
    },

    /**
     * A booking made or moved: the patient is told, and reminded 24 h and 1 h before and when
     * check-in opens (those already past are not sent). A moved booking's earlier reminders
     * are withdrawn; the new ones are keyed by the new time.
     */
    async appointmentBooked(
      appointment: BookedAppointment,
      kind: 'appointment-booked' | 'appointment-moved',
    ): Promise<void> {
      if (kind === 'appointment-moved') await this.appointmentCancelled(appointment, false);
      const cause = `${appointment.id}:${appointment.startsAt.toISOString()}`;
      const about = { userId: appointment.patientId, cause, appointmentId: appointment.id };
      // Each move is news, even back to a time it had before; it is asked for in the move's
      // own transaction, so nothing replays it.
      await this.notify({
        kind,
        ...about,
        cause: kind === 'appointment-moved' ? `${cause}:${Date.now()}` : cause,
      });
      for (const reminder of remindersBefore) {
        const dueAt = new Date(appointment.startsAt.getTime() - reminder.beforeMs);
        if (dueAt.getTime() > Date.now())
          await this.notify({ kind: reminder.kind, dueAt, ...about });
      }
    },

    /** A booking cancelled (or moved away): its reminders are withdrawn, and the patient told. */
    async appointmentCancelled(appointment: BookedAppointment, tell = true): Promise<void> {
      await deps.notifications.withdrawForAppointment(appointment.id, appointmentReminderKinds);
      if (!tell) return;
      await this.notify({
        kind: 'appointment-cancelled',
        userId: appointment.patientId,
        cause: appointment.id,
        appointmentId: appointment.id,
      });
    },

    /** After the cause's work is stored: this process hands over what is due at once. */
    wake(): void {
      deps.jobs.wake(notificationQueue);
    },
  };
}

export type Notifier = ReturnType<typeof notifier>;
