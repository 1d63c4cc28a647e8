import { createStore, useStore } from './create-store';

/** Whether the browser has a connection, as its online and offline events last said. */
const onlineStatus = createStore(navigator.onLine);

const update = () => onlineStatus.set(navigator.onLine);
window.addEventListener('online', update);
window.addEventListener('offline', update);

export function useOnline(): boolean {
  return useStore(onlineStatus);
}
