import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { noteToasterShown } from '@/lib/toast';

/**
 * Toasts follow the system colour theme (`theme` only for a page without one, as in unit
 * tests); sonner announces them through a live region.
 */
export function Toaster({ theme = 'system' }: { theme?: 'system' | 'light' }) {
  // After sonner's own effect (a child's runs first): it listens by now.
  useEffect(() => noteToasterShown(), []);
  return <Sonner theme={theme} position="top-center" richColors closeButton={false} />;
}
