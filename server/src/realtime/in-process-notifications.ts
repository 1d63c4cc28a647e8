import type { Notifications } from '../db/database';

/** One process's notifications, delivered at once to its own listeners: for unit tests. */
export function inProcessNotifications(): Notifications {
  const listeners = new Map<string, ((payload: string) => void)[]>();
  return {
    notify(channel, payload) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
      return Promise.resolve();
    },
    listen(channel, onPayload) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), onPayload]);
      return Promise.resolve(() => Promise.resolve());
    },
  };
}
