import { CalendarPlusIcon, VideoIcon } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { checkInOpen, type Appointment } from '@shared/appointments';
import { clinicTimeOf } from '@shared/clinic-time';
import { Button } from '@/components/ui/button';
import { useDoctorIsWaiting } from '@/lib/active-encounter';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { preloadable } from '@/lib/preloadable';
import { useNow } from '@/lib/use-now';
import { DashboardCard } from './dashboard-card';

/**
 * What joining the virtual clinic from the card asks for: a video visit. The reason is the
 * patient's to give in the waiting room.
 */
export interface JoinVisitRequest {
  type: 'video';
}

/** Check-in opens and the card's buttons change with the clock: it looks again this often. */
const clockTickMs = 15_000;

/**
 * The question asked before cancelling, with the dialog library behind it: a chunk of its own,
 * fetched once the card is on the screen (before anyone taps), so the home's first screen
 * does not wait for it and a tap offline still finds it.
 */
const cancelDialog = preloadable(() => import('./cancel-appointment-dialog'));

/** "Cancel appointment", asked once more before it is done. */
function CancelAppointment({
  appointment,
  busy,
  onCancel,
}: {
  appointment: Appointment;
  busy: boolean;
  onCancel: (appointment: Appointment) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // A failed fetch (offline, no worker yet) is tried again when the dialog is wanted.
    cancelDialog.preload().catch(() => undefined);
  }, []);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        disabled={busy}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {t('patientHome.appointment.cancel')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <cancelDialog.Component
            appointment={appointment}
            busy={busy}
            open={open}
            onOpenChange={setOpen}
            onCancel={onCancel}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  );
}

/** The booked appointment's own actions: move it, cancel it, and check in when that opens. */
function AppointmentActions({
  appointment,
  now,
  busy,
  onCheckIn,
  onCancel,
}: {
  appointment: Appointment;
  now: number;
  busy: boolean;
  onCheckIn?: (appointment: Appointment) => void;
  onCancel?: (appointment: Appointment) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const booked = appointment.status === 'booked';
  const beforeStart = now < Date.parse(appointment.startsAt);
  const mayCheckIn = booked && checkInOpen(appointment.startsAt, now);
  const mayCancel =
    (booked || appointment.status === 'checked_in') && beforeStart && onCancel !== undefined;
  return (
    <>
      {mayCheckIn && onCheckIn && (
        <Button type="button" disabled={busy} onClick={() => onCheckIn(appointment)}>
          {t('patientHome.appointment.checkIn')}
        </Button>
      )}
      {booked && !mayCheckIn && beforeStart && (
        <p className="text-muted-foreground text-sm">
          {t('patientHome.appointment.checkInOpens', {
            time: dates.digits(clinicTimeOf(appointment.checkInOpensAt)),
          })}
        </p>
      )}
      {(booked || mayCancel) && (
        <div className="grid gap-2 min-[400px]:grid-cols-2">
          {booked && (
            <Button asChild variant="secondary">
              <Link href={`/appointments/book?reschedule=${encodeURIComponent(appointment.id)}`}>
                {t('patientHome.appointment.reschedule')}
              </Link>
            </Button>
          )}
          {mayCancel && (
            <CancelAppointment appointment={appointment} busy={busy} onCancel={onCancel} />
          )}
        </div>
      )}
    </>
  );
}

/**
 * The next appointment: when (clinic time), with whom and why, its status, and its actions;
 * or that there is none, with "Schedule". "Join Video Visit", the walk-in door to the virtual
 * clinic, is there in every state, and says "Live" while the doctor waits.
 */
export function AppointmentCard({
  appointment,
  busy = false,
  onJoin,
  onCheckIn,
  onCancel,
}: {
  /** `'loading'` on its way; null when nothing is booked. */
  appointment: Appointment | null | 'loading';
  /** A check-in or cancellation is under way. */
  busy?: boolean;
  /** Enters the waiting room (or the call the doctor has started); the page decides how. */
  onJoin?: (request: JoinVisitRequest) => void;
  onCheckIn?: (appointment: Appointment) => void;
  onCancel?: (appointment: Appointment) => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const waiting = useDoctorIsWaiting();
  const now = useNow(clockTickMs);
  const join = () => {
    toast(t('patientHome.appointment.preparing'));
    onJoin?.({ type: 'video' });
  };
  const booked = appointment !== 'loading' && appointment !== null ? appointment : null;
  // One primary action per state: while "Check in" is offered it is the one, and joining the
  // virtual clinic stands back beside it rather than a twin of it.
  const checkInFirst =
    booked?.status === 'booked' && onCheckIn !== undefined && checkInOpen(booked.startsAt, now);
  const badge = waiting
    ? t('patientHome.appointment.live')
    : booked && booked.status !== 'booked'
      ? t(`appointments.status.${booked.status}`)
      : booked
        ? t('patientHome.appointment.upcoming')
        : null;
  return (
    <DashboardCard
      title={t('patientHome.appointment.title')}
      className={cn(waiting && 'border-accent-500 ring-accent-500 ring-1')}
      action={
        badge && (
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold',
              waiting ? 'bg-accent-600 text-white' : 'bg-brand-50 text-brand-800',
            )}
          >
            {badge}
          </span>
        )
      }
    >
      {appointment === 'loading' ? (
        <div aria-hidden="true" className="bg-muted h-12 animate-pulse rounded-lg" />
      ) : booked ? (
        <div className="grid gap-0.5">
          <p className="font-semibold">{booked.doctorName}</p>
          {booked.reason && <p className="text-muted-foreground text-sm">{booked.reason}</p>}
          <p className="text-sm">
            {t('patientHome.appointment.when', {
              day: dates.nearDayOr(booked.day, now),
              time: dates.digits(booked.time),
            })}
          </p>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-muted-foreground text-sm">{t('patientHome.appointment.none')}</p>
          <Button asChild variant="secondary" size="sm">
            <Link href="/appointments/book">
              <CalendarPlusIcon aria-hidden="true" />
              {t('patientHome.appointment.schedule')}
            </Link>
          </Button>
        </div>
      )}
      {booked && (
        <AppointmentActions
          appointment={booked}
          now={now}
          busy={busy}
          onCheckIn={onCheckIn}
          onCancel={onCancel}
        />
      )}
      {waiting && (
        <p role="status" className="text-accent-700 text-sm font-semibold">
          {t('patientHome.appointment.joinPrompt')}
        </p>
      )}
      <Button
        type="button"
        variant={waiting ? 'destructive' : checkInFirst ? 'outline' : 'default'}
        onClick={join}
      >
        <VideoIcon aria-hidden="true" />
        {t('patientHome.appointment.join')}
      </Button>
    </DashboardCard>
  );
}
