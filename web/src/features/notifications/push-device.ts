import { localSetting } from '@/lib/local-setting';
import { deletePushSubscription } from './api/delete-push-subscription';
import { getPushPublicKey } from './api/get-public-key';
import { savePushSubscription } from './api/save-push-subscription';

/**
 * Why this browser cannot take push notifications, if it cannot: no Push API at all, the
 * person refused notifications, or no service worker runs the app (`npm run dev`).
 */
export type PushUnavailable = 'unsupported' | 'denied' | 'no-worker';

export class PushUnavailableError extends Error {
  constructor(readonly reason: PushUnavailable) {
    super(`Push notifications are unavailable: ${reason}`);
  }
}

function hasPushApi(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** What stops push on this browser right now, or null when it can be turned on. */
export function pushUnavailable(): PushUnavailable | null {
  if (!hasPushApi()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  // The worker is registered only by a production build (`lib/service-worker.ts`).
  if (!import.meta.env.PROD) return 'no-worker';
  return null;
}

/**
 * Who turned push on on this device. The server keeps a subscription as long as the session
 * that stored it, while the browser keeps it until it is undone: the mark tells the same
 * person's next session (push stays on, as they chose) from someone else's (off until they
 * choose).
 */
const pushOwner = localSetting('push-owner', (raw) => raw);

/** The base64url VAPID key as the bytes `pushManager.subscribe` wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The registration that runs the app, if one does; never waits for one that never comes. */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!hasPushApi()) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** This browser's current push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await workerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Whether push is on on this device for this person: the browser holds the subscription they
 * made here, and the server has it for this session (stored again if the session is new;
 * nothing is asked of the person, who chose it before).
 */
export async function pushIsOn(userId: string): Promise<boolean> {
  if (pushUnavailable() !== null || Notification.permission !== 'granted') return false;
  const subscription = await currentPushSubscription();
  if (!subscription || pushOwner.get() !== userId) return false;
  await savePushSubscription(subscription.toJSON());
  return true;
}

/**
 * Turns push on for this device, after the person asked: permission, then a subscription
 * with the server's key, then the server stores it.
 */
export async function turnPushOn(userId: string): Promise<void> {
  const unavailable = pushUnavailable();
  if (unavailable) throw new PushUnavailableError(unavailable);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailableError('denied');
  if (!(await workerRegistration())) throw new PushUnavailableError('no-worker');
  const registration = await navigator.serviceWorker.ready;
  const publicKey = await getPushPublicKey();
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be used.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const made = subscription === null;
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  try {
    await savePushSubscription(subscription.toJSON());
  } catch (error) {
    // One the server did not store would leave the switch on with nothing ever arriving.
    if (made) await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  pushOwner.set(userId);
}

/**
 * Turns push off for this device: the server forgets the subscription first, so a failure
 * (offline) leaves both sides as they were and the switch still tells the truth.
 */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
  pushOwner.set(null);
}

function sameKey(existing: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!existing) return false;
  const bytes = new Uint8Array(existing);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}
