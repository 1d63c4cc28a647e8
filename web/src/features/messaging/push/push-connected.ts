import { createStore, useStore } from '@/lib/create-store';

/**
 * Whether the tab's push stream is connected, apart from the stream itself: the message
 * queries read it to decide whether to poll, and the stream reads their cache helpers.
 */
const pushConnected = createStore(false);

export function setPushConnected(value: boolean): void {
  pushConnected.set(value);
}

/** True while new messages arrive by push; the poll runs only when this is false. */
export function usePushConnected(): boolean {
  return useStore(pushConnected);
}
