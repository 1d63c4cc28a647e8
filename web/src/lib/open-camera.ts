import { createStore } from './create-store';

/**
 * Whether the patient's camera sheet is open: the shell draws it, and the centre camera
 * button and the home's "Send photo/video" open it.
 */
export const cameraSheetOpen = createStore(false);

export function openCameraSheet(): void {
  cameraSheetOpen.set(true);
}
