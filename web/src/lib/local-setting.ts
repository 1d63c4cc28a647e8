import { createStore, type Store } from './create-store';

/**
 * A value kept in localStorage under its own key, shared by every component
 * that reads it (`useStore`) and re-rendering them when it changes (also from another tab).
 */
export function localSetting<T extends string | null>(
  key: string,
  parse: (raw: string | null) => T,
): Store<T> {
  const read = (): T => {
    try {
      return parse(localStorage.getItem(key));
    } catch {
      return parse(null);
    }
  };
  const store = createStore(read());

  window.addEventListener('storage', (event) => {
    if (event.key === key) store.set(read());
  });

  return {
    get: store.get,
    set: (value) => {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch {
        // Storage may be full or refused; the value still holds for this visit.
      }
      store.set(value);
    },
    subscribe: store.subscribe,
  };
}
