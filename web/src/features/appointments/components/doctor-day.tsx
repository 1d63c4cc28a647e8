import { CalendarIcon, ChevronRightIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { DoctorDay } from '@shared/appointments';
import { chartPath } from '@shared/pages';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';

const statusTone = {
  booked: 'bg-brand-50 text-brand-800',
  checked_in: 'bg-accent-50 text-accent-700',
  in_visit: 'bg-accent-600 text-white',
  finished: 'bg-muted text-muted-foreground',
  cancelled: 'bg-muted text-muted-foreground line-through',
  no_show: 'bg-muted text-muted-foreground',
} as const;

/**
 * The doctor's appointments of today: time, patient, the flag of their last reading, reason
 * and status; each row opens the patient's chart. `day` is undefined while it loads.
 */
export function DoctorDayList({
  day,
  failed = false,
}: {
  day: DoctorDay | undefined;
  failed?: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} aria-busy={!day && !failed} className="mb-4 grid gap-2">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('appointments.today.title')}
      </h2>
      {!day ? (
        failed ? (
          <p role="alert" className="text-accent-700 text-sm">
            {t('appointments.today.failed')}
          </p>
        ) : (
          <div aria-hidden="true" className="bg-muted h-14 animate-pulse rounded-xl" />
        )
      ) : day.appointments.length === 0 ? (
        <p className="border-border text-muted-foreground flex items-center gap-2 rounded-xl border border-dashed px-4 py-4 text-sm">
          <CalendarIcon className="size-5 shrink-0" aria-hidden="true" />
          {t('appointments.today.empty')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {day.appointments.map((appointment) => (
            <li key={appointment.id}>
              <Link
                href={chartPath(appointment.patientId)}
                className={cn(
                  'border-border bg-card hover:bg-muted flex items-center gap-3 rounded-xl border p-3 shadow-sm',
                  appointment.flags.length > 0 && 'border-accent-500 border-l-4',
                )}
              >
                <span className="text-brand-700 w-12 shrink-0 text-base font-bold tabular-nums">
                  {dates.digits(appointment.time)}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="truncate font-semibold">{appointment.patientName}</span>
                  {appointment.flags.map((flag) => (
                    <span
                      key={flag}
                      className="text-accent-700 flex items-center gap-1 text-xs font-semibold"
                    >
                      <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" />
                      {t(`appointments.flags.${flag}`)}
                    </span>
                  ))}
                  <span className="text-muted-foreground truncate text-sm">
                    {appointment.reason || t('appointments.noReason')}
                  </span>
                  <span
                    className={cn(
                      'self-start rounded-full px-2 py-0.5 text-xs font-semibold',
                      statusTone[appointment.status],
                    )}
                  >
                    {t(`appointments.status.${appointment.status}`)}
                  </span>
                </div>
                <ChevronRightIcon
                  className="text-muted-foreground size-4 shrink-0"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
