import { useSyncExternalStore } from 'react';

/**
 * Whether the tab's push stream is connected, apart from the stream itself: the message
 * queries read it to decide whether to poll, and the stream reads their cache helpers.
 */
let connected = false;
const watchers = new Set<() => void>();

export function setPushConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const watcher of watchers) watcher();
}

function watch(watcher: () => void) {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** True while new messages arrive by push; the poll runs only when this is false. */
export function usePushConnected(): boolean {
  return useSyncExternalStore(
    watch,
    () => connected,
    () => false,
  );
}
