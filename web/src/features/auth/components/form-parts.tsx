import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with its hint and its error, both read out with the field. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy =
    [hint && !error && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint && !error && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-accent-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** The e-mail field every sign-in form starts with; a form may ask for another autocomplete hint. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      {...props}
    />
  );
}

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
