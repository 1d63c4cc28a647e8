import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'border-border bg-card placeholder:text-muted-foreground focus-visible:outline-ring aria-invalid:border-accent-600 flex min-h-11 w-full rounded-lg border px-3 py-2 text-base disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
