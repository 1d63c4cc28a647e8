import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Slot } from '@shared/appointments';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';

/** A day's free slots, each a button named by its clinic time ("07:30"); null while they load. */
export function SlotPicker({
  slots,
  chosen,
  onChoose,
}: {
  slots: readonly Slot[] | null;
  chosen: string | null;
  onChoose: (slot: Slot) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <p id={labelId} className="text-sm font-medium">
        {t('appointments.book.time')}
      </p>
      {slots === null ? (
        <div aria-busy="true" className="bg-muted h-24 animate-pulse rounded-lg" />
      ) : slots.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('appointments.book.noSlots')}</p>
      ) : (
        <ul aria-labelledby={labelId} className="grid grid-cols-4 gap-2" role="list">
          {slots.map((slot) => (
            <li key={slot.startsAt} className="grid">
              <button
                type="button"
                aria-pressed={slot.startsAt === chosen}
                onClick={() => onChoose(slot)}
                className={cn(
                  'border-border bg-card hover:bg-muted min-h-10 rounded-lg border text-sm tabular-nums',
                  slot.startsAt === chosen &&
                    'border-brand-700 bg-brand-700 hover:bg-brand-800 text-white',
                )}
              >
                {dates.digits(slot.time)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
