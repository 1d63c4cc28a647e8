import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface OnboardingFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** A labelled input whose hint and error are read out with it. */
export function OnboardingField({ label, error, hint, ...props }: OnboardingFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
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
