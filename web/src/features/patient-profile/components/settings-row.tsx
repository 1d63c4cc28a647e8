import { ChevronRightIcon, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

/** A row of a profile card that opens what it names (a dialog's trigger, or a page). */
export function SettingsRow({
  icon: Icon,
  label,
  detail,
  ...props
}: ComponentProps<'button'> & { icon: LucideIcon; label: string; detail?: string }) {
  return (
    <button
      type="button"
      className="hover:bg-muted -mx-2 flex min-h-11 min-w-0 items-center gap-3 rounded-lg px-2 text-start text-sm font-medium"
      {...props}
    >
      <Icon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">{label}</span>
      {detail && (
        <span className="text-muted-foreground max-w-[40%] shrink-0 truncate text-xs font-normal">
          {detail}
        </span>
      )}
      <ChevronRightIcon className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
    </button>
  );
}
