import webpush from 'web-push';
import type { PushPayload } from '@shared/notifications';
import type { Config } from '../config';
import { mayPostTo } from './push-endpoint';
import type { PushSubscriptionsRepository } from './push-subscriptions-repository';

/**
 * No device took the message and at least one may later (a timeout, 429 or 5xx from its push
 * service, or no answer at all): the caller tries again later.
 */
export class PushNotSentYet extends Error {
  constructor(readonly devices: number) {
    super(`No push service took the message yet (${devices} device(s) to try again)`);
    this.name = 'PushNotSentYet';
  }
}

/** How long a push service keeps a message for a device that is off. */
const dayInSeconds = 24 * 60 * 60;
/** "The doctor is in" is worth nothing once the visit has moved on. */
const doctorIsInSeconds = 60 * 60;
/** A push service that has not answered in this time is tried again later. */
const timeoutMs = 10_000;

interface Logger {
  warn(details: object, message: string): void;
}

type Outcome = 'delivered' | 'gone' | 'refused' | 'later';

/** Where a refusal came from, without the endpoint's secret path. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unreadable endpoint';
  }
}

/**
 * Sends a push message, encrypted per RFC 8291 for each of a person's devices, through the
 * device's own push service. Endpoints are checked again before each post: the list of push
 * services may have narrowed since a device subscribed. Neither keys nor the message are
 * ever logged.
 */
export function createPushSender(deps: {
  config: Pick<Config, 'push'>;
  subscriptions: PushSubscriptionsRepository;
  log?: Logger;
}) {
  const { publicKey, privateKey, subject, serviceHosts } = deps.config.push;
  const vapidDetails = { subject, publicKey, privateKey };

  async function sendToDevice(
    device: Awaited<ReturnType<PushSubscriptionsRepository['listForUser']>>[number],
    payload: PushPayload,
  ): Promise<Outcome> {
    if (!mayPostTo(device.endpoint, serviceHosts)) return 'refused';
    const urgent = payload.kind === 'doctor-is-in';
    try {
      await webpush.sendNotification(device, JSON.stringify(payload), {
        vapidDetails,
        TTL: urgent ? doctorIsInSeconds : dayInSeconds,
        urgency: urgent ? 'high' : 'normal',
        timeout: timeoutMs,
        contentEncoding: 'aes128gcm',
      });
      return 'delivered';
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await deps.subscriptions.deleteGone(device.endpoint);
        return 'gone';
      }
      const later = status === undefined || status === 429 || status >= 500;
      deps.log?.warn(
        { pushService: hostOf(device.endpoint), status: status ?? null, retry: later },
        'A push service did not take a message',
      );
      return later ? 'later' : 'refused';
    }
  }

  return {
    /** `beforeRequest` is told once, just before the first request to a push service leaves. */
    async sendToUser(
      userId: string,
      payload: PushPayload,
      beforeRequest?: () => Promise<void>,
    ): Promise<{ delivered: number; gone: number; refused: number }> {
      const devices = await deps.subscriptions.listForUser(userId);
      if (devices.some((device) => mayPostTo(device.endpoint, serviceHosts))) {
        await beforeRequest?.();
      }
      const outcomes = await Promise.all(devices.map((device) => sendToDevice(device, payload)));
      const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
      const delivered = count('delivered');
      // A device that took it would get it twice: the rest wait for the next message.
      if (delivered === 0 && count('later') > 0) throw new PushNotSentYet(count('later'));
      return { delivered, gone: count('gone'), refused: count('refused') };
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
