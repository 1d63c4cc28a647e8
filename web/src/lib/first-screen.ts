import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createStore, useStore } from './create-store';

/**
 * Whether the app's first screen has been drawn. What that screen does not need (the toasts'
 * code, the sign-in page's question whether someone is signed in already) waits for it, so on
 * a slow line it does not compete with the screen for the connection or the processor.
 */
const drawn = createStore(false);

/** Marks the first screen drawn one frame after the component calling it first rendered. */
export function useNoteFirstScreen(): void {
  useEffect(() => {
    if (drawn.get()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task after the next frame: that frame has been drawn by then.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => drawn.set(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
}

export function useFirstScreenDrawn(): boolean {
  return useStore(drawn);
}

/** Once true, the first screen and the data it asked for have come: it stays true. */
const settled = createStore(false);
/** However busy the screen stays, it counts as settled this long after the page has loaded. */
const longestWaitMs = 10_000;

/** Resolves once the first screen and its data are up (`useScreenSettled`, which decides). */
export function whenScreenSettled(): Promise<void> {
  return new Promise((resolve) => {
    if (settled.get()) {
      resolve();
      return;
    }
    const stop = settled.subscribe(() => {
      stop();
      resolve();
    });
  });
}

/**
 * True once the page has loaded, no query is fetching and the browser has had an idle moment
 * since (or `longestWaitMs` after the load, whatever is fetching): the first screen is drawn
 * with its data. What the screen does not need (the service worker, the camera sheet's code,
 * the toasts' code, the push streams) starts from then on. The app's provider always asks, so
 * `whenScreenSettled` is told.
 */
export function useScreenSettled(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  const fetching = useIsFetching();
  const done = useStore(settled);
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  useEffect(() => {
    if (done || !loaded) return;
    const timer = setTimeout(() => settled.set(true), longestWaitMs);
    return () => clearTimeout(timer);
  }, [done, loaded]);
  useEffect(() => {
    if (done || !loaded || fetching > 0) return;
    const settle = () => settled.set(true);
    if ('requestIdleCallback' in window) {
      const idle = requestIdleCallback(settle, { timeout: 5_000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(settle, 1_000);
    return () => clearTimeout(timer);
  }, [done, loaded, fetching]);
  return done;
}
