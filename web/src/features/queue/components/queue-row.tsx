import {
  CalendarClockIcon,
  ClockIcon,
  PhoneIcon,
  TriangleAlertIcon,
  VideoIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueEntry } from '@shared/visits';
import { PatientChartLink } from '@/components/record/patient-chart-link';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { addQueueStrings } from '../queue-strings';

addQueueStrings();

/** Whole minutes since the patient joined the waiting room, never below zero. */
export function minutesWaited(queuedAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(queuedAt)) / 60_000));
}

/** One waiting patient: who, why, how long, how urgent and how the visit happens. */
export function QueueRow({
  entry,
  now,
  onStart,
  starting = false,
}: {
  entry: QueueEntry;
  /** The time the wait is counted to (the screen renews it every minute). */
  now: number;
  onStart?: (id: string) => void;
  starting?: boolean;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();
  const nameId = useId();
  const urgent = entry.priority === 'urgent';
  const flagged = urgent || entry.flags.length > 0;
  const TypeIcon = entry.type === 'video' ? VideoIcon : PhoneIcon;
  return (
    <li
      className={cn(
        'border-border bg-card flex flex-col gap-3 rounded-xl border p-3 shadow-sm',
        flagged && 'border-accent-500 border-l-4',
      )}
    >
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p id={nameId} className="truncate font-semibold">
            {entry.patientName}
          </p>
          {flagged && (
            <div className="flex flex-wrap items-center gap-1">
              {urgent && (
                <span className="bg-accent-50 text-accent-700 rounded-full px-2 py-0.5 text-xs font-semibold">
                  {t('queue.priority.urgent')}
                </span>
              )}
              {entry.flags.map((flag) => (
                <span
                  key={flag}
                  className="bg-accent-50 text-accent-700 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold"
                >
                  <TriangleAlertIcon className="size-3.5" aria-hidden="true" />
                  {t(`queue.flags.${flag}`)}
                </span>
              ))}
            </div>
          )}
          {entry.agentName && (
            <p className="text-muted-foreground text-sm">
              {t('queue.broughtBy', { agent: entry.agentName })}
            </p>
          )}
          {entry.appointmentTime !== null && (
            <p className="text-brand-700 flex items-center gap-1 text-sm font-semibold">
              <CalendarClockIcon className="size-4" aria-hidden="true" />
              {t('queue.scheduled', { time: dates.digits(entry.appointmentTime) })}
            </p>
          )}
          <p className="text-muted-foreground truncate text-sm">
            {entry.reason || t('queue.noReason')}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
          <span className="text-brand-700 flex items-center gap-1 font-medium">
            <TypeIcon className="size-4" aria-hidden="true" />
            {t(`queue.type.${entry.type}`)}
          </span>
          <span className="text-muted-foreground flex items-center gap-1">
            <ClockIcon className="size-3.5" aria-hidden="true" />
            {t('queue.waitTime', { minutes: format.number(minutesWaited(entry.queuedAt, now)) })}
          </span>
        </div>
      </div>
      {entry.patientId !== null && <PatientChartLink patientId={entry.patientId} />}
      {onStart && (
        <Button
          type="button"
          aria-describedby={nameId}
          disabled={starting}
          onClick={() => onStart(entry.id)}
        >
          <VideoIcon aria-hidden="true" />
          {t('queue.start')}
        </Button>
      )}
    </li>
  );
}
