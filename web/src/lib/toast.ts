import type * as sonnerModule from 'sonner';
import { createStore, useStore } from './create-store';

type Sonner = typeof sonnerModule;

/** Whether a toast has been asked for: the toaster is then put on the page at once. */
const toastWanted = createStore(false);
let toasterShown: () => void = () => undefined;
const toasterUp = new Promise<void>((resolve) => (toasterShown = resolve));

export function useToastWanted(): boolean {
  return useStore(toastWanted);
}

/** Called by the toaster once it is on the page and listening: toasts go to it from then on. */
export function noteToasterShown(): void {
  toasterShown();
}

function showLater(show: (sonner: Sonner) => void): void {
  toastWanted.set(true);
  void Promise.all([import('sonner'), toasterUp])
    .then(([sonner]) => show(sonner))
    .catch(() => undefined);
}

/**
 * Toasts follow something a person did, never the first screen: their code (sonner, about 10 KB
 * of gzip JavaScript) and the toaster come when the first one is shown or once the first screen
 * and its data are up (`app/provider.tsx`), not with every screen that can show one. A toast
 * asked for before the toaster listens waits for it rather than being lost.
 */
export const toast = Object.assign(
  (message: string) => showLater((sonner) => sonner.toast(message)),
  {
    success: (message: string) => showLater((sonner) => sonner.toast.success(message)),
    error: (message: string) => showLater((sonner) => sonner.toast.error(message)),
  },
);
