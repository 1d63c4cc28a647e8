import * as z from 'zod/mini';
import {
  visitStatuses,
  type AppointmentsChangeEvent,
  type QueueChangeEvent,
  type SignalEvent,
  type VisitChangeEvent,
} from '@shared/visits';
import type { Notifications } from '../db/database';
import type { VisitsRepository } from '../visits/visits-repository';
import type { Caller } from '../auth/callers';
import { channelSubscribers } from './channel-subscribers';

/** The PostgreSQL channel every server process announces visit changes on. */
export const visitChannel = 'visits';

export interface VisitSubscriber {
  caller: Pick<Caller, 'id' | 'role'>;
  /** An event for this subscriber, its data JSON made once for all. */
  event(name: 'visit' | 'queue' | 'signal' | 'appointments', json: string): void;
  /** Announcements may have been lost: the subscriber must catch up. */
  gap(): void;
}

/** What is announced: small, and never the visit itself (each reader reads what it may see). */
const announcementSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('visit'),
    id: z.string(),
    status: z.enum(visitStatuses),
    patientId: z.string(),
    doctorId: z.nullable(z.string()),
  }),
  z.object({
    kind: z.literal('queue'),
    id: z.string(),
    change: z.enum(['added', 'removed', 'changed']),
    /** A checked-in scheduled visit is in its appointment's doctor's queue only. */
    doctorId: z.optional(z.nullable(z.string())),
  }),
  z.object({ kind: z.literal('appointments'), doctorId: z.string() }),
  z.object({
    kind: z.literal('signal'),
    id: z.string(),
    visitId: z.string(),
    toUserId: z.string(),
  }),
]);

export type VisitAnnouncement = z.infer<typeof announcementSchema>;

/**
 * Fans visit changes out to this process's push subscribers. Every change is announced
 * through LISTEN/NOTIFY, and every process, this one included, passes it on: a visit's
 * change to its patient and doctor, a queue change to every doctor (a scheduled visit's to
 * its doctor only), a doctor's appointments changing to that doctor, a signal to its
 * recipient (read once per process, only where that recipient is subscribed). No visit
 * state is kept here: several processes share one database.
 */
export function visitHub(notifications: Notifications, visits: VisitsRepository) {
  const channel = channelSubscribers(notifications, visitChannel, announcementSchema, deliver);

  async function deliver(
    announcement: VisitAnnouncement,
    subscribers: ReadonlySet<VisitSubscriber>,
  ) {
    switch (announcement.kind) {
      case 'visit': {
        const { id, status, patientId, doctorId } = announcement;
        const json = JSON.stringify({ id, status } satisfies VisitChangeEvent);
        for (const subscriber of subscribers) {
          const who = subscriber.caller.id;
          if (who === patientId || (doctorId !== null && who === doctorId)) {
            subscriber.event('visit', json);
          }
        }
        return;
      }
      case 'queue': {
        const { id, change, doctorId } = announcement;
        const json = JSON.stringify({ id, change } satisfies QueueChangeEvent);
        for (const subscriber of subscribers) {
          if (subscriber.caller.role !== 'doctor') continue;
          if (doctorId == null || subscriber.caller.id === doctorId) {
            subscriber.event('queue', json);
          }
        }
        return;
      }
      case 'appointments': {
        const { doctorId } = announcement;
        const json = JSON.stringify({ doctorId } satisfies AppointmentsChangeEvent);
        for (const subscriber of subscribers) {
          if (subscriber.caller.id === doctorId) subscriber.event('appointments', json);
        }
        return;
      }
      case 'signal': {
        const recipients = [...subscribers].filter(
          (subscriber) => subscriber.caller.id === announcement.toUserId,
        );
        if (recipients.length === 0) return;
        const signal = await visits.signal(announcement.id);
        if (!signal || signal.toUserId !== announcement.toUserId) return;
        const json = JSON.stringify({
          id: signal.id,
          visitId: signal.visitId,
          fromUserId: signal.fromUserId,
          signal: signal.signal,
        } satisfies SignalEvent);
        for (const subscriber of recipients) subscriber.event('signal', json);
        return;
      }
    }
  }

  return {
    subscribe: channel.subscribe,

    /** Tells every process about a change. */
    async announce(announcement: VisitAnnouncement): Promise<void> {
      await notifications.notify(visitChannel, JSON.stringify(announcement));
    },

    get subscriberCount() {
      return channel.count;
    },

    close: channel.close,
  };
}

export type VisitHub = ReturnType<typeof visitHub>;
