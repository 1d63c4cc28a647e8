import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { PushPayload } from '@shared/notifications';
import type { Config } from '../config';
import { postableEndpoint } from './push-endpoint';
import type { PushSubscriptionsRepository } from './push-subscriptions-repository';
import { isLoopbackAddress, isPublicAddress } from './public-address';
import {
  encryptForDevice,
  postMessage,
  PushServiceUnreachable,
  vapidSigner,
} from './web-push-protocol';

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

/** The addresses a push service's name resolves to, every one of them. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const resolveByDns: ResolveHost = (hostname) => lookup(hostname, { all: true });

/**
 * Set only by `tests/api/support/push-service-on-loopback.mjs`, which a test loads into a
 * server process of its own (`node --import`) so that the server posts to the test's push
 * service on 127.0.0.1. No setting, variable or request reaches it: only code already
 * running inside the process, which could post anywhere by itself anyway.
 */
const pushServiceOnLoopbackForTests = Symbol.for('sewa.tests.pushServiceOnLoopback');

/**
 * Where a push service may be: a public address. A listed name that resolves to this machine
 * or the clinic's network is refused, whoever made it resolve there.
 */
function mayConnectByDefault(address: string): boolean {
  const forTests = (globalThis as Record<symbol, unknown>)[pushServiceOnLoopbackForTests];
  return isPublicAddress(address) || (forTests === true && isLoopbackAddress(address));
}

/** Rejects with `PushServiceUnreachable` when `work` has not settled within `ms`. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PushServiceUnreachable(new Error('No answer in time'))),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Sends a push message, encrypted per RFC 8291 for each of a person's devices, through the
 * device's own push service. Endpoints are checked again before each post: the list of push
 * services may have narrowed since a device subscribed. The name of the push service is
 * resolved, every address it gives must be public, and the connection goes to those addresses
 * only. Neither keys nor the message are ever logged.
 *
 * `resolve` and `mayConnectTo` are for tests: a name that resolves as the test says, a push
 * service of the test's own on loopback. The app passes neither.
 */
export function createPushSender(deps: {
  config: Pick<Config, 'push'>;
  subscriptions: PushSubscriptionsRepository;
  log?: Logger;
  resolve?: ResolveHost;
  mayConnectTo?: (address: string) => boolean;
}) {
  const { serviceHosts } = deps.config.push;
  const signVapid = vapidSigner(deps.config.push);
  const resolve = deps.resolve ?? resolveByDns;
  const mayConnectTo = deps.mayConnectTo ?? mayConnectByDefault;

  /** Refused for good: logged without the endpoint's secret path, and not tried again. */
  function refusedFor(url: URL, status: number | null, why?: string): Outcome {
    deps.log?.warn(
      { pushService: url.host, status, retry: false, ...(why ? { why } : {}) },
      'A push service did not take a message',
    );
    return 'refused';
  }

  async function sendToDevice(
    device: Awaited<ReturnType<PushSubscriptionsRepository['listForUser']>>[number],
    message: Buffer,
    urgent: boolean,
  ): Promise<Outcome> {
    const url = postableEndpoint(device.endpoint, serviceHosts);
    if (url === undefined) return 'refused';
    let body: Buffer;
    try {
      body = encryptForDevice(device.keys, message);
    } catch {
      // Keys that are no point on the curve, or a message beyond one record: never sendable.
      return refusedFor(url, null, 'not encryptable');
    }
    let status: number;
    try {
      const addresses = await within(timeoutMs, resolve(url.hostname));
      if (addresses.length === 0 || !addresses.every((each) => mayConnectTo(each.address))) {
        return refusedFor(url, null, 'not a public address');
      }
      status = await postMessage(url, addresses, {
        headers: {
          TTL: String(urgent ? doctorIsInSeconds : dayInSeconds),
          Urgency: urgent ? 'high' : 'normal',
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          Authorization: signVapid(url.origin),
        },
        body,
        timeoutMs,
      });
    } catch {
      // A name that does not resolve, a connection refused or cut, no answer in time.
      deps.log?.warn(
        { pushService: url.host, status: null, retry: true },
        'A push service did not take a message',
      );
      return 'later';
    }
    if (status >= 200 && status <= 299) return 'delivered';
    if (status === 404 || status === 410) {
      await deps.subscriptions.deleteGone(device.endpoint);
      return 'gone';
    }
    if (status === 429 || status >= 500) {
      deps.log?.warn(
        { pushService: url.host, status, retry: true },
        'A push service did not take a message',
      );
      return 'later';
    }
    return refusedFor(url, status);
  }

  return {
    /** `beforeRequest` is told once, just before the first request to a push service leaves. */
    async sendToUser(
      userId: string,
      payload: PushPayload,
      beforeRequest?: () => Promise<void>,
    ): Promise<{ delivered: number; gone: number; refused: number }> {
      const devices = await deps.subscriptions.listForUser(userId);
      if (devices.some((device) => postableEndpoint(device.endpoint, serviceHosts))) {
        await beforeRequest?.();
      }
      const message = Buffer.from(JSON.stringify(payload));
      const urgent = payload.kind === 'doctor-is-in';
      const outcomes = await Promise.all(
        devices.map((device) => sendToDevice(device, message, urgent)),
      );
      const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
      const delivered = count('delivered');
      // A device that took it would get it twice: the rest wait for the next message.
      if (delivered === 0 && count('later') > 0) throw new PushNotSentYet(count('later'));
      return { delivered, gone: count('gone'), refused: count('refused') };
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
