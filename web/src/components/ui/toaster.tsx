import { Toaster as Sonner } from 'sonner';

/** Toasts follow the system colour theme; sonner announces them through a live region. */
export function Toaster() {
  return <Sonner theme="system" position="top-center" richColors closeButton={false} />;
}
