import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** A labelled input with the hint and the error it is given, both read out with the field. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint && (
        <div id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-accent-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
