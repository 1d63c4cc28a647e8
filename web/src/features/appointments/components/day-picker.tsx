import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';

export interface PickerDay {
  day: string;
  free: number;
  /** Today's hours are over, or the doctor does not work that day. */
  closed?: 'over' | 'off' | undefined;
}

/** The days of the booking horizon, each with its date; a day without a free slot is disabled. */
export function DayPicker({
  days,
  chosen,
  onChoose,
}: {
  days: readonly PickerDay[];
  chosen: string;
  onChoose: (day: string) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <p id={labelId} className="text-sm font-medium">
        {t('appointments.book.day')}
      </p>
      <ul
        aria-labelledby={labelId}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2"
        role="list"
      >
        {days.map(({ day, free, closed }) => {
          const full = free === 0;
          return (
            <li key={day} className="shrink-0">
              <button
                type="button"
                aria-pressed={day === chosen}
                disabled={full}
                onClick={() => onChoose(day)}
                className={cn(
                  'border-border bg-card hover:bg-muted flex min-h-14 min-w-24 flex-col items-center justify-center rounded-lg border px-2 py-1 text-sm disabled:cursor-not-allowed disabled:opacity-50',
                  day === chosen && 'border-brand-700 bg-brand-50 text-brand-800 font-semibold',
                )}
              >
                <span>{dates.weekdayAndDay(day)}</span>
                <span className="text-muted-foreground text-xs">
                  {closed
                    ? t(`appointments.book.${closed}`)
                    : full
                      ? t('appointments.book.full')
                      : t('appointments.book.free', {
                          count: free,
                          number: dates.digits(String(free)),
                        })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
