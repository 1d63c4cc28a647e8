import { createStore, useStore } from './create-store';

/**
 * Whether the server can be reached. The browser's offline event says no at once; but
 * `navigator.onLine` can say yes on a network that reaches nothing, so a request that fails
 * for want of a network counts as offline too, until a request succeeds or the browser's
 * online event fires. TanStack Query follows this store (`app/provider.tsx`): offline,
 * queries and their retries pause instead of failing, and go on by themselves once online.
 */
export const onlineStatus = createStore(navigator.onLine);

/** While offline with a network the browser believes in, the server is asked again after 1 s, 2 s, 4 s… up to 15 s. */
const firstProbeMs = 1_000;
const longestProbeMs = 15_000;

export function probeDelayMs(failedProbes: number): number {
  return Math.min(longestProbeMs, firstProbeMs * 2 ** failedProbes);
}

let failedProbes = 0;
let probeTimer: ReturnType<typeof setTimeout> | undefined;

function setOnline(online: boolean) {
  onlineStatus.set(online);
  if (online) {
    failedProbes = 0;
    clearTimeout(probeTimer);
  }
}

async function probe(): Promise<void> {
  clearTimeout(probeTimer);
  // Without any network the browser's online event is the sign to wait for.
  if (!navigator.onLine) return;
  try {
    // Any answer is the server's: even "database unavailable" means the connection is back.
    await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
    reportNetworkSuccess();
  } catch {
    failedProbes += 1;
    scheduleProbe();
  }
}

function scheduleProbe() {
  clearTimeout(probeTimer);
  if (onlineStatus.get()) return;
  probeTimer = setTimeout(() => void probe(), probeDelayMs(failedProbes));
}

/** A request got no answer at all: offline until one gets through. */
export function reportNetworkFailure(): void {
  if (!onlineStatus.get()) return;
  onlineStatus.set(false);
  failedProbes = 0;
  scheduleProbe();
}

/**
 * A request was answered, whatever it said: the server is reachable. An answer to a request
 * made before the browser went offline does not count: its "offline" is never wrong.
 */
export function reportNetworkSuccess(): void {
  if (navigator.onLine) setOnline(true);
}

/** Asks the server now rather than at the next step of the backoff (the banner's Retry). */
export function retryConnectionNow(): void {
  if (!onlineStatus.get()) void probe();
}

window.addEventListener('online', () => setOnline(true));
window.addEventListener('offline', () => {
  clearTimeout(probeTimer);
  onlineStatus.set(false);
});

export function useOnline(): boolean {
  return useStore(onlineStatus);
}
