import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';

interface FieldParts {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

export type TextFieldProps = FieldParts &
  ComponentProps<'input'> & {
    /** Shown beside the input, such as a measure's unit. */
    suffix?: ReactNode;
  };
export type TextAreaFieldProps = FieldParts & ComponentProps<'textarea'>;

/** Ties the label, hint and error to the control that `children` renders with these ids. */
function Field({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldParts & {
  id: string | undefined;
  className: string | undefined;
  children: (ids: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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

/** A labelled input with the hint and the error it is given, both read out with the field. */
export function TextField({ label, error, hint, id, className, suffix, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(ids) =>
        suffix === undefined ? (
          <Input {...ids} {...props} />
        ) : (
          <div className="flex items-center gap-2">
            <Input {...ids} {...props} />
            <span className="text-muted-foreground w-12 shrink-0 text-sm font-medium">
              {suffix}
            </span>
          </div>
        )
      }
    </Field>
  );
}

/** The same field for longer text: a text area. */
export function TextAreaField({ label, error, hint, id, className, ...props }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(ids) => (
        <textarea
          className="border-border bg-card placeholder:text-muted-foreground focus-visible:outline-ring aria-invalid:border-accent-600 flex min-h-32 w-full rounded-lg border px-3 py-2 text-base disabled:opacity-50"
          {...ids}
          {...props}
        />
      )}
    </Field>
  );
}
