import type { PushSubscriptionJson } from '@shared/notifications';
import type { Actor } from '../auth/actor';
import { AppError } from '../http/app-error';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimited } from '../rate-limit/refusal';
import { mayPostTo } from './push-endpoint';
import type { PushSubscriptionsRepository } from './push-subscriptions-repository';

/** A browser's keys: a P-256 point, uncompressed (65 bytes), and a 16-byte secret. */
function isBrowserKeys(keys: PushSubscriptionJson['keys']): boolean {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  return (
    p256dh.length === 65 && p256dh[0] === 0x04 && Buffer.from(keys.auth, 'base64url').length === 16
  );
}

/** A browser subscribes once per sign-in and device; a loop is something else. */
const subscribeLimit: Limit = { max: 30, windowSeconds: 60 * 60 };

/**
 * Web push for the signed-in person: the server's public key to subscribe with, and their
 * devices' subscriptions. A subscription lasts as long as the session that made it: on a
 * shared clinic tablet, signing out stops the pushes to that device.
 */
export function pushService(deps: {
  publicKey: string;
  serviceHosts: readonly string[];
  subscriptions: PushSubscriptionsRepository;
  limiter: RateLimiter;
}) {
  return {
    publicKey(): { publicKey: string } {
      return { publicKey: deps.publicKey };
    },

    /** Stores the device's subscription for the caller's session; true when it is new. */
    async subscribe(actor: Actor, subscription: PushSubscriptionJson): Promise<boolean> {
      const { id, sessionId } = actor.caller;
      // A call on a token that names no session has nothing to bind the device to.
      if (sessionId === undefined) throw new AppError('unauthorized', 'Please sign in.');
      const decision = await deps.limiter.hit(`push:subscribe:user:${id}`, subscribeLimit);
      if (!decision.allowed) throw rateLimited(decision);
      // The sender posts to this address later: only a push service the server knows.
      if (!mayPostTo(subscription.endpoint, deps.serviceHosts)) {
        throw new AppError('push_endpoint_refused', 'This push service is not allowed.');
      }
      // Keys no message could be encrypted for would fail every send to come.
      if (!isBrowserKeys(subscription.keys)) {
        throw new AppError('validation_failed', 'The subscription keys are not a browser’s.');
      }
      return deps.subscriptions.upsert(id, sessionId, {
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      });
    },

    /** Forgets the caller's own subscription; another's, or none, is the same quiet answer. */
    async unsubscribe(actor: Actor, endpoint: string): Promise<void> {
      await deps.subscriptions.deleteForUser(actor.caller.id, endpoint);
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
