import { createStore, useStore } from './create-store';
import { whenScreenSettled } from './first-screen';

/** How often a page left open asks whether a new version has been deployed. */
const updateCheckMs = 60 * 60 * 1000;

/** Whether a new version of the app is installed and waits for the reader to reload. */
const updateReady = createStore(false);

let reloadWanted = false;
/** The new version already runs this page's worker (another tab reloaded into it). */
let newVersionInControl = false;
let skipWaiting: (() => void) | undefined;

export function useUpdateReady(): boolean {
  return useStore(updateReady);
}

/**
 * The reader's Reload: the waiting version takes over and the page reloads once it has.
 * A new version never takes over on its own, so a running page keeps the files it started
 * with (the old worker still serves its chunks) until the reader chooses.
 */
export function reloadIntoUpdate(): void {
  if (newVersionInControl || !skipWaiting) {
    window.location.reload();
    return;
  }
  reloadWanted = true;
  skipWaiting();
}

/**
 * Registers the service worker (`sw.js`, built by vite-plugin-pwa) once the first screen and
 * its data are up (`first-screen.ts`), so neither workbox-window nor the worker's download of
 * the whole app competes with them on a slow line. Without one (`npm run dev`, old browsers)
 * the app simply needs the network.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD) {
    // A worker left by `npm start` on the same address would serve its kept build instead.
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((worker) => worker.unregister())))
      .catch(() => undefined);
    return;
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  const start = () =>
    void import('workbox-window')
      .then(({ Workbox }) => {
        const workbox = new Workbox('/sw.js', { scope: '/' });
        workbox.addEventListener('waiting', () => updateReady.set(true));
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (reloadWanted) window.location.reload();
          // The first visit's worker claiming the page is not a new version.
          else if (hadController) newVersionInControl = true;
        });
        skipWaiting = () => workbox.messageSkipWaiting();
        const checkForUpdate = () => void workbox.update().catch(() => undefined);
        setInterval(checkForUpdate, updateCheckMs);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') checkForUpdate();
        });
        return workbox.register({ immediate: true });
      })
      // Offline at first load, or a browser that refuses: the app runs without the worker.
      .catch(() => undefined);
  void whenScreenSettled().then(start);
}
