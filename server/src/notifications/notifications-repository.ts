import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  NotificationChannel,
  NotificationKind,
  NotificationOutcome,
} from '@shared/notifications';
import type { Database } from '../db/schema';

/** One notification to store: its key makes a replay of its cause store nothing new. */
export interface NewNotification {
  key: string;
  userId: string;
  kind: NotificationKind;
  channel: NotificationChannel;
  /** When it is due; null for now, on the database's clock, which is the one senders read. */
  dueAt: Date | null;
  respectsQuietHours: boolean;
  appointmentId: string | null;
}

/** A notification a sender has taken to hand over, and what it needs to write it. */
export interface ClaimedNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  channel: NotificationChannel;
  attempts: number;
  respectsQuietHours: boolean;
  appointmentStartsAt: Date | null;
}

/** Where a notification stands when a sender could not take it. */
export interface NotificationState {
  status: NotificationOutcome;
  dueAt: Date;
  sendingSince: Date | null;
}

/** When a released notification is due again: a moment, or seconds from now on the database's clock. */
export type DueAgain = Date | { afterSeconds: number };

function dueAgainAt(due: DueAgain) {
  return due instanceof Date ? due : sql<Date>`now() + make_interval(secs => ${due.afterSeconds})`;
}

export function notificationsRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores it under its key; the id when it is new (or withdrawn before and due again),
     * null when the key was already there.
     */
    async add(notification: NewNotification): Promise<string | null> {
      const row = await db
        .insertInto('notifications')
        .values({
          id: randomUUID(),
          idempotency_key: notification.key,
          user_id: notification.userId,
          kind: notification.kind,
          channel: notification.channel,
          due_at: notification.dueAt ?? sql<Date>`now()`,
          respects_quiet_hours: notification.respectsQuietHours,
          appointment_id: notification.appointmentId,
        })
        // A key already stored stores nothing new, unless what it named was withdrawn and is
        // asked for again (a booking moved away and back to the same time): due once more.
        .onConflict((conflict) =>
          conflict
            .column('idempotency_key')
            .doUpdateSet({
              status: 'pending',
              reason: null,
              attempts: 0,
              finished_at: null,
              due_at: (eb) => eb.ref('excluded.due_at'),
            })
            .where('notifications.status', '=', 'withdrawn'),
        )
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Takes a pending notification that is due and that no sender holds, marking it as being
     * handed over: of two senders at once, one gets it.
     */
    async claim(id: string): Promise<ClaimedNotification | null> {
      const row = await db
        .updateTable('notifications as n')
        .set({ sending_since: sql`now()`, handed_at: null, attempts: sql`n.attempts + 1` })
        .where('n.id', '=', id)
        .where('n.status', '=', 'pending')
        .where('n.sending_since', 'is', null)
        .where('n.due_at', '<=', sql<Date>`now()`)
        .returning([
          'n.id',
          'n.user_id',
          'n.kind',
          'n.channel',
          'n.attempts',
          'n.respects_quiet_hours',
          'n.appointment_id',
        ])
        .executeTakeFirst();
      if (!row) return null;
      const appointment = row.appointment_id
        ? await db
            .selectFrom('appointments')
            .select('starts_at')
            .where('id', '=', row.appointment_id)
            .executeTakeFirst()
        : undefined;
      return {
        id: row.id,
        userId: row.user_id,
        kind: row.kind as NotificationKind,
        channel: row.channel as NotificationChannel,
        attempts: row.attempts,
        respectsQuietHours: row.respects_quiet_hours,
        appointmentStartsAt: appointment?.starts_at ?? null,
      };
    },

    /**
     * Marks a claimed notification as handed over, just before the request to the gateway or
     * the push service goes out: from now on a server that stops may have sent it.
     */
    async handingOver(id: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ handed_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('sending_since', 'is not', null)
        .execute();
    },

    async state(id: string): Promise<NotificationState | null> {
      const row = await db
        .selectFrom('notifications')
        .select(['status', 'due_at', 'sending_since'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            status: row.status as NotificationOutcome,
            dueAt: row.due_at,
            sendingSince: row.sending_since,
          }
        : null;
    },

    /** Records how a claimed notification ended: sent, failed, skipped or unconfirmed. */
    async finish(
      id: string,
      outcome: Exclude<NotificationOutcome, 'pending'>,
      reason: string | null,
    ): Promise<void> {
      await db
        .updateTable('notifications')
        .set({
          status: outcome,
          reason,
          finished_at: sql`now()`,
          sending_since: null,
          handed_at: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Gives a claimed notification back, to be tried again (now, or when `due` says). */
    async release(id: string, due?: DueAgain): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ sending_since: null, handed_at: null, ...(due ? { due_at: dueAgainAt(due) } : {}) })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Withdraws what an appointment still had to say: it was cancelled or moved. */
    async withdrawForAppointment(appointmentId: string, kinds: readonly NotificationKind[]) {
      await db
        .updateTable('notifications')
        .set({ status: 'withdrawn', finished_at: sql`now()` })
        .where('appointment_id', '=', appointmentId)
        .where('status', '=', 'pending')
        .where('sending_since', 'is', null)
        .where('kind', 'in', kinds)
        .execute();
    },

    /**
     * The patients who asked for medication reminders and have a dose of an active
     * prescription at this time of this clinic day not yet marked taken.
     */
    async patientsWithDoseDue(day: string, timeOfDay: string): Promise<string[]> {
      const rows = await db
        .selectFrom('medication_requests as m')
        .innerJoin('notification_settings as s', 's.user_id', 'm.patient_id')
        .select('m.patient_id')
        .distinct()
        .where('s.medication_reminders', '=', true)
        .where('m.stopped_at', 'is', null)
        .where(sql<boolean>`m.start_day <= ${day}::date`)
        .where(sql<boolean>`(m.days is null or m.start_day + m.days - 1 >= ${day}::date)`)
        .where(sql<boolean>`${timeOfDay} = any(m.times)`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('medication_administrations as a')
                .select('a.id')
                .whereRef('a.request_id', '=', 'm.id')
                .where(sql<boolean>`a.day = ${day}::date`)
                .where('a.time_of_day', '=', timeOfDay),
            ),
          ),
        )
        .execute();
      return rows.map((row) => row.patient_id);
    },

    /** Every doctor's account: the walk-in queue is all of theirs. */
    async doctorIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('profiles')
        .select('id')
        .where('role', '=', 'doctor')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Notifications a stopped server took longer ago than any hand-over takes. Those it had
     * handed over may be with the gateway: they are not sent again but recorded as
     * unconfirmed. Those it had not are given back; their ids are returned, to queue again.
     */
    async settleCutOff(olderThanMs: number): Promise<{ unconfirmed: number; released: string[] }> {
      const cutOff = sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`;
      const unconfirmed = await db
        .updateTable('notifications')
        .set({
          status: 'unconfirmed',
          reason: 'server_stopped',
          finished_at: sql`now()`,
          sending_since: null,
        })
        .where('status', '=', 'pending')
        .where('sending_since', '<', cutOff)
        .where('handed_at', 'is not', null)
        .executeTakeFirst();
      const released = await db
        .updateTable('notifications')
        .set({ sending_since: null })
        .where('status', '=', 'pending')
        .where('sending_since', '<', cutOff)
        .where('handed_at', 'is', null)
        .returning('id')
        .execute();
      return {
        unconfirmed: Number(unconfirmed.numUpdatedRows),
        released: released.map((row) => row.id),
      };
    },

    /**
     * Pending notifications no sender holds that were due longer ago than `graceMs`: their
     * job was lost (it ran before they were due on the database's clock, or failed for good).
     */
    async overdue(graceMs: number, limit = 500): Promise<string[]> {
      const rows = await db
        .selectFrom('notifications')
        .select('id')
        .where('status', '=', 'pending')
        .where('sending_since', 'is', null)
        .where('due_at', '<', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
        .orderBy('due_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
