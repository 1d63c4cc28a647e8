import { useId, type ReactNode } from 'react';

/** A labelled native select, as the clinics screen draws one: fits a phone and reads aloud. */
export function SelectField({
  label,
  value,
  onChange,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="border-border bg-card focus-visible:outline-ring min-h-10 w-full min-w-0 rounded-lg border px-2 py-1"
      >
        {children}
      </select>
    </div>
  );
}
