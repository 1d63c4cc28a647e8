import { VideoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useDoctorIsWaiting } from '@/lib/active-encounter';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';
import { placeholderDoctorName, type Appointment } from '../appointment-placeholder';
import { DashboardCard } from './dashboard-card';

/**
 * What joining the visit of the card asks for: its type only. The card's reason is sample
 * text, never the patient's: a real visit starts without one, and the patient may give it in
 * the waiting room.
 */
export interface JoinVisitRequest {
  type: Appointment['type'];
}

/** The next visit: "Upcoming", or "Live" with a prompt to join while the doctor waits. */
export function AppointmentCard({
  appointment,
  onJoin,
}: {
  appointment: Appointment;
  /** Enters the waiting room (or the call the doctor has started); the page decides how. */
  onJoin?: (request: JoinVisitRequest) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const waiting = useDoctorIsWaiting();
  const join = () => {
    toast(t('patientHome.appointment.preparing'));
    onJoin?.({ type: appointment.type });
  };
  return (
    <DashboardCard
      title={t('patientHome.appointment.title')}
      className={cn(waiting && 'border-accent-500 ring-accent-500 ring-1')}
      action={
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold',
            waiting ? 'bg-accent-600 text-white' : 'bg-brand-50 text-brand-800',
          )}
        >
          {waiting ? t('patientHome.appointment.live') : t('patientHome.appointment.upcoming')}
        </span>
      }
    >
      <div className="grid gap-0.5">
        <p className="font-semibold">{placeholderDoctorName}</p>
        <p className="text-muted-foreground text-sm">
          {t(`patientHome.sample.reasons.${appointment.reason}`)}
        </p>
        <p className="text-sm">
          {t('patientHome.appointment.when', {
            day: dates.nearDayOr(appointment.date),
            time: dates.clock(appointment.time),
          })}
        </p>
      </div>
      {waiting && (
        <p role="status" className="text-accent-700 text-sm font-semibold">
          {t('patientHome.appointment.joinPrompt')}
        </p>
      )}
      <Button type="button" variant={waiting ? 'destructive' : 'default'} onClick={join}>
        <VideoIcon aria-hidden="true" />
        {t('patientHome.appointment.join')}
      </Button>
    </DashboardCard>
  );
}
