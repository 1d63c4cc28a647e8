import type { ReactNode } from 'react';

/** A refusal for the whole form, in red and announced. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="bg-accent-50 text-accent-700 rounded-lg px-3 py-2 text-sm">
      {children}
    </p>
  );
}

/** A success for the whole form, in green and announced. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
      {children}
    </p>
  );
}
