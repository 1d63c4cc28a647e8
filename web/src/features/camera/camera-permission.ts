import { createStore, useStore } from '@/lib/create-store';

export type CameraPermission = 'prompt' | 'granted' | 'denied';

/**
 * Whether this page may use the camera, as last learned from the browser. Kept for
 * the page's life only: the browser remembers the
 * real decision, this only saves asking it again to draw the sheet.
 */
export const cameraPermission = createStore<CameraPermission>('prompt');

export function useCameraPermission(): CameraPermission {
  return useStore(cameraPermission);
}
