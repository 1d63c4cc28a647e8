/**
 * The service worker's push handlers, built on their own (`vite.config.ts`) and loaded by the
 * Workbox worker with `importScripts`: vite-plugin-pwa's `generateSW` writes the precaching
 * worker, and this adds showing a push message and opening its page when it is tapped.
 * The web app's TypeScript knows the page's globals, not a worker's, so the few worker
 * types used here are written out.
 */
import { notificationOf, ownPath } from './push-message';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationEventLike) => void,
  ): void;
}

const worker = self as unknown as WorkerScope;

function dataOf(event: PushEventLike): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

worker.addEventListener('push', (event) => {
  const { title, options } = notificationOf(dataOf(event));
  event.waitUntil(worker.registration.showNotification(title, options));
});

/** An open window of the app brought forward on the page, else a new one. */
async function openPage(path: string): Promise<void> {
  const url = new URL(path, worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    const focused = await open.focus();
    // A window the worker does not control cannot be navigated; it is still brought forward.
    if (new URL(focused.url).href !== url) await focused.navigate(url).catch(() => null);
    return;
  }
  await worker.clients.openWindow(url);
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path = ownPath(
    typeof data === 'object' && data !== null ? (data as { path?: unknown }).path : null,
  );
  event.waitUntil(openPage(path));
});
