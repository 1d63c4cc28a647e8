import { useSyncExternalStore } from 'react';

type Listener = () => void;

export interface LocalSetting<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: Listener) => () => void;
}

/**
 * A value kept in localStorage under its own key, shared by every component
 * that reads it and re-rendering them when it changes (also from another tab).
 */
export function localSetting<T extends string | null>(
  key: string,
  parse: (raw: string | null) => T,
): LocalSetting<T> {
  const listeners = new Set<Listener>();
  const read = (): T => {
    try {
      return parse(localStorage.getItem(key));
    } catch {
      return parse(null);
    }
  };
  let current = read();
  const notify = () => listeners.forEach((listener) => listener());

  window.addEventListener('storage', (event) => {
    if (event.key === key) {
      current = read();
      notify();
    }
  });

  return {
    get: () => current,
    set: (value) => {
      current = value;
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch {
        // Storage may be full or refused; the value still holds for this visit.
      }
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useLocalSetting<T extends string | null>(setting: LocalSetting<T>): T {
  return useSyncExternalStore(setting.subscribe, setting.get, setting.get);
}
