import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const origin = 'https://sewa.example';

/** A window of the app as the worker's `clients` lists it. */
function windowAt(url: string) {
  const client = {
    url,
    focus: vi.fn(() => Promise.resolve(client)),
    navigate: vi.fn((to: string) => Promise.resolve({ ...client, url: to })),
  };
  return client;
}

/**
 * The worker scope the handlers run in, as far as they use it: the listeners they add, the
 * registration that shows notifications and the windows it can bring forward or open.
 */
function workerScope(windows: ReturnType<typeof windowAt>[]) {
  const listeners = new Map<string, (event: unknown) => void>();
  return {
    listeners,
    location: new URL(`${origin}/sw.js`),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn((url: string) => Promise.resolve(windowAt(url))),
    },
    addEventListener(type: string, listener: (event: unknown) => void) {
      listeners.set(type, listener);
    },
  };
}

/** Runs a listener as the browser would and waits for what it asked the worker to wait for. */
async function dispatch(scope: ReturnType<typeof workerScope>, type: string, fields: object) {
  const waited: Promise<unknown>[] = [];
  const listener = scope.listeners.get(type);
  if (!listener) throw new Error(`No ${type} listener`);
  listener({ ...fields, waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
  await Promise.all(waited);
}

async function startWorker(windows: ReturnType<typeof windowAt>[] = []) {
  const scope = workerScope(windows);
  vi.stubGlobal('self', scope);
  vi.resetModules();
  await import('./sw-push');
  return scope;
}

const tapped = (data: unknown) => ({ notification: { close: vi.fn(), data } });

describe("the service worker's push handlers", () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a push message in the server's words, with the page to open", async () => {
    const scope = await startWorker();
    const payload = {
      kind: 'doctor-is-in',
      title: 'Sewa',
      body: 'Your doctor is waiting for you in Sewa',
      path: '/visit',
      lang: 'en',
      tag: 'visit-1',
    };
    await dispatch(scope, 'push', { data: { json: () => payload, text: () => '' } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Sewa',
      expect.objectContaining({
        body: 'Your doctor is waiting for you in Sewa',
        data: { path: '/visit' },
      }),
    );
  });

  it('still shows something for a message it cannot read', async () => {
    const scope = await startWorker();
    const unreadable = {
      json: () => {
        throw new SyntaxError('not JSON');
      },
      text: () => 'x',
    };
    await dispatch(scope, 'push', { data: unreadable });
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(1);
  });

  it("brings the app's open window forward on the tapped message's page", async () => {
    const open = windowAt(`${origin}/messages`);
    const scope = await startWorker([windowAt('https://elsewhere.example/'), open]);
    const tap = tapped({ path: '/visit' });
    await dispatch(scope, 'notificationclick', tap);
    expect(tap.notification.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${origin}/visit`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when the app has none, and never another site', async () => {
    const scope = await startWorker();
    await dispatch(scope, 'notificationclick', tapped({ path: '/appointments' }));
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${origin}/appointments`);
    for (const path of ['https://evil.example/', '//evil.example/x', 42, undefined]) {
      scope.clients.openWindow.mockClear();
      await dispatch(scope, 'notificationclick', tapped({ path }));
      expect(scope.clients.openWindow).toHaveBeenCalledWith(`${origin}/`);
    }
  });

  it('leaves a window already on the page where it is', async () => {
    const open = windowAt(`${origin}/visit`);
    const scope = await startWorker([open]);
    await dispatch(scope, 'notificationclick', tapped({ path: '/visit' }));
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).not.toHaveBeenCalled();
  });
});
