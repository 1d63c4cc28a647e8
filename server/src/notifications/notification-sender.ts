import {
  notificationPath,
  type NotificationKind,
  type NotificationOutcome,
  type PushPayload,
} from '@shared/notifications';
import type { UnitOfWork } from '../db/unit-of-work';
import type { RecipientSettings } from '../notification-settings/notification-settings-repository';
import type { JobQueue, QueueSettings } from '../jobs/job-queue';
import { nepalMobileDigits } from '../sms/nepal-mobile';
import { SmsNotSentYet, SmsRefused } from '../sms/sms-gateways';
import type { SmsSender } from '../sms/sms-sender';
import { notificationText } from './notification-texts';
import { notificationQueue } from './notifier';
import type { ClaimedNotification, NotificationsRepository } from './notifications-repository';
import type { OpenScreensRepository } from './open-screens-repository';
import { afterQuietHours } from './quiet-hours';

/** Web push to every device of a person's (`push/push-sender.ts`). */
export interface PushChannel {
  /** Throws when no device took it but some may later (a timeout, a 5xx): tried again. */
  sendToUser(
    userId: string,
    payload: PushPayload,
    beforeRequest?: () => Promise<void>,
  ): Promise<{ delivered: number; gone: number; refused: number }>;
}

interface Log {
  warn(detail: object, message: string): void;
}

export interface SenderDeps {
  notifications: NotificationsRepository;
  screens: OpenScreensRepository;
  settingsOf(userId: string): Promise<RecipientSettings>;
  sms: SmsSender;
  push: PushChannel;
  jobs: JobQueue;
  unitOfWork: UnitOfWork;
  log: Log;
}

/**
 * Tries of one notification before it is recorded as failed, spaced 5 s apart and doubling
 * (about 21 minutes in all).
 */
export const maxAttempts = 8;

/** The wait before the next try of a notification tried `attempts` times. */
export const retryDelaySeconds = (attempts: number) => 5 * 2 ** (attempts - 1);

/**
 * A pending notification no sender took this long after it was due lost its job: the sweep
 * queues it again. Longer than a burst takes to drain, so a job merely waiting its turn is
 * not doubled.
 */
export const overdueMs = 2 * 60_000;

/**
 * A hand-over takes at most this long (a push service's or gateway's answer within ten
 * seconds); one pending longer was cut off by a server that stopped.
 */
export const handOverMs = 45_000;

export const notificationQueueSettings: QueueSettings = {
  // A try that may succeed later is queued again by the sender, at its own time; the queue's
  // retries are for a handler that failed before it could do that.
  retryLimit: maxAttempts,
  retryDelaySeconds: 5,
  // A job taken by a server that stopped goes to another after this; the row's own state
  // then says whether it still needs sending.
  expireInSeconds: 30,
  pollingIntervalSeconds: 0.5,
  // A hand-over mostly waits on a push service or a gateway: a few at once in each process.
  workers: 4,
};

/**
 * What an open app already shows as it happens (the conversation, the queue): told by push or
 * text only to someone whose app is closed.
 */
const toldOnScreen: readonly NotificationKind[] = [
  'care-team-answered',
  'patient-in-queue',
  'patient-checked-in',
];

/** How a hand-over ended, when it ended. */
interface Ended {
  outcome: Exclude<NotificationOutcome, 'pending' | 'withdrawn'>;
  reason: string | null;
}

const sent: Ended = { outcome: 'sent', reason: null };
const skipped = (reason: string): Ended => ({ outcome: 'skipped', reason });

/** Thrown inside a hand-over that may succeed later: the job is tried again. */
class TryAgain extends Error {
  override readonly name = 'TryAgain';
}

/**
 * Hands stored notifications over, one job per notification: the job only wakes the sender;
 * the row decides. Taking the row (`claim`) is one statement that one sender wins, so a job
 * run twice, or by two servers, sends once. A row a stopped server was handing over is never
 * sent again (the gateway may have it): the sweep records it as unconfirmed.
 */
export function notificationSender(deps: SenderDeps) {
  const { notifications } = deps;

  async function textTo(claimed: ClaimedNotification, settings: RecipientSettings) {
    if (!settings.texts) return skipped('texts_off');
    if (settings.phoneNumber === null) return skipped('no_number');
    if (nepalMobileDigits(settings.phoneNumber) === null) return skipped('not_nepali_mobile');
    if (!deps.sms.available) return skipped('no_gateway');
    const words = notificationText(claimed.kind, settings.language, claimed.appointmentStartsAt);
    try {
      await deps.sms.send(
        { to: settings.phoneNumber, subject: words.title, text: words.sms, html: '' },
        () => notifications.handingOver(claimed.id),
      );
      return sent;
    } catch (error) {
      // Why, as the gateway's code says it (`no_credit`, `invalid_number`…), for the record.
      if (error instanceof SmsRefused) return { outcome: 'failed', reason: error.reason } as Ended;
      if (error instanceof SmsNotSentYet) throw new TryAgain('gateway');
      throw error;
    }
  }

  async function pushTo(claimed: ClaimedNotification, settings: RecipientSettings) {
    const words = notificationText(claimed.kind, settings.language, claimed.appointmentStartsAt);
    const result = await deps.push
      .sendToUser(
        claimed.userId,
        {
          kind: claimed.kind,
          title: words.title,
          body: words.body,
          path: notificationPath(claimed.kind),
          lang: settings.language,
          tag: claimed.kind,
        },
        () => notifications.handingOver(claimed.id),
      )
      .catch(() => {
        throw new TryAgain('push service');
      });
    if (result.delivered > 0) return sent;
    // Every device's push service refused it for good (not a device gone): a failure.
    if (result.refused > 0) return { outcome: 'failed', reason: 'refused' } as Ended;
    return skipped(result.gone > 0 ? 'gone' : 'no_device');
  }

  /** Sends it, or says why not; throws `TryAgain` when a later try may go through. */
  async function handOver(claimed: ClaimedNotification, settings: RecipientSettings) {
    if (claimed.kind === 'medication-due' && !settings.medicationReminders) {
      return skipped('reminders_off');
    }
    if (toldOnScreen.includes(claimed.kind) && (await deps.screens.anyOpen(claimed.userId))) {
      return skipped('screen_open');
    }
    return claimed.channel === 'sms' ? textTo(claimed, settings) : pushTo(claimed, settings);
  }

  /** Quiet hours: a reminder waits for the morning, or is dropped if the morning is too late. */
  async function waitedForMorning(claimed: ClaimedNotification, settings: RecipientSettings) {
    if (!claimed.respectsQuietHours) return false;
    const now = new Date();
    const at = afterQuietHours(now, {
      startMinute: settings.quietStartMinute,
      endMinute: settings.quietEndMinute,
    });
    if (at.getTime() === now.getTime()) return false;
    if (claimed.appointmentStartsAt && at >= claimed.appointmentStartsAt) {
      await notifications.finish(claimed.id, 'skipped', 'quiet_hours');
      return true;
    }
    await deps.unitOfWork(async () => {
      await notifications.release(claimed.id, at);
      await deps.jobs.send(notificationQueue, { id: claimed.id }, at);
    });
    return true;
  }

  /** Queues a job for each notification again, with what gave them back. */
  async function queueAgain(ids: () => Promise<string[]>): Promise<void> {
    await deps.unitOfWork(async () => {
      for (const id of await ids()) await deps.jobs.send(notificationQueue, { id });
    });
  }

  /**
   * A job that found nothing to take: sent, withdrawn, held by another sender, or not yet due
   * on the database's clock (a job that ran early, or of a notification postponed since). One
   * still pending that nobody holds gets a job for when it is due, or it would wait for ever.
   */
  async function notTaken(id: string): Promise<void> {
    const state = await notifications.state(id);
    if (state?.status !== 'pending' || state.sendingSince !== null) return;
    // A millisecond on: the job's start is kept to the millisecond, the due time finer.
    await deps.jobs.send(notificationQueue, { id }, new Date(state.dueAt.getTime() + 1));
  }

  async function send({ id }: { id: string }): Promise<void> {
    const claimed = await notifications.claim(id);
    if (!claimed) return notTaken(id);
    let ended: Ended;
    try {
      const settings = await deps.settingsOf(claimed.userId);
      if (await waitedForMorning(claimed, settings)) return;
      ended = await handOver(claimed, settings);
    } catch (error) {
      if (!(error instanceof TryAgain)) deps.log.warn({ err: error }, 'notification not sent');
      if (claimed.attempts >= maxAttempts) {
        await notifications.finish(claimed.id, 'failed', 'gave_up');
        return;
      }
      // Due again after the delay, on the database's clock, with its job: one change.
      const afterSeconds = retryDelaySeconds(claimed.attempts);
      await deps.unitOfWork(async () => {
        await notifications.release(claimed.id, { afterSeconds });
        await deps.jobs.send(notificationQueue, { id: claimed.id }, afterSeconds);
      });
      return;
    }
    await notifications.finish(claimed.id, ended.outcome, ended.reason);
  }

  return {
    send,
    /**
     * What a stopped server had taken: recorded as unconfirmed when it had been handed over,
     * given back and queued again when it had not.
     */
    settleCutOff: () =>
      queueAgain(async () => (await notifications.settleCutOff(handOverMs)).released),
    /** Queues again what is pending past its time with no job to send it. */
    queueOverdue: () => queueAgain(() => notifications.overdue(overdueMs)),
    start: () => deps.jobs.work(notificationQueue, notificationQueueSettings, send),
  };
}
