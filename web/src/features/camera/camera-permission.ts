import { useSyncExternalStore } from 'react';

export type CameraPermission = 'prompt' | 'granted' | 'denied';

type Listener = () => void;

/**
 * Whether this page may use the camera, as last learned from the browser. Kept for
 * the page's life only (spec point 3, session-only state): the browser remembers the
 * real decision, this only saves asking it again to draw the sheet.
 */
let current: CameraPermission = 'prompt';
const listeners = new Set<Listener>();

export const cameraPermission = {
  get: (): CameraPermission => current,
  set: (permission: CameraPermission): void => {
    if (permission === current) return;
    current = permission;
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCameraPermission(): CameraPermission {
  return useSyncExternalStore(cameraPermission.subscribe, cameraPermission.get);
}
