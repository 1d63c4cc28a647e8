import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { availabilityQueryOptions } from '@/features/appointments/api/get-availability';
import { useAppointments } from '@/features/appointments/api/get-appointments';
import { BookingForm } from '@/features/appointments/components/booking-form';
import { sessionQueryOptions, useSession } from '@/lib/session';

/** A patient's booking page asks at once for the server's first free doctor and day. */
export function prefetch(queryClient: QueryClient) {
  void queryClient
    .query(sessionQueryOptions)
    .then(async (me) => {
      if (me?.role === 'patient') await queryClient.query(availabilityQueryOptions({}));
    })
    .catch(() => undefined);
}

/** `?reschedule=<id>`: the patient's booked appointment to move, once their list has come. */
function Rescheduling({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const appointments = useAppointments();
  if (appointments.isPending) {
    return <div aria-busy="true" className="bg-muted h-64 animate-pulse rounded-xl" />;
  }
  const appointment = appointments.data?.find((each) => each.id === id.toLowerCase());
  if (!appointment || appointment.status !== 'booked') {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-accent-700 text-sm">
          {t('appointments.book.notReschedulable')}
        </p>
        <Button asChild variant="outline">
          <Link href="/appointments/book">{t('appointments.book.submit')}</Link>
        </Button>
      </div>
    );
  }
  return <BookingForm key={appointment.id} rescheduling={appointment} onDone={onDone} />;
}

/**
 * `/appointments/book`: "Book an appointment", or with `?reschedule=<id>` "Reschedule
 * appointment", a new time for one.
 */
export default function BookAppointmentPage() {
  const { t } = useTranslation();
  const me = useSession().data;
  const search = useSearch();
  const [, navigate] = useLocation();
  if (!me) return null;
  if (me.role !== 'patient') return <Redirect to="/" replace />;
  const rescheduleId = new URLSearchParams(search).get('reschedule');
  const home = () => navigate('/');
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title={t(rescheduleId ? 'appointments.book.rescheduleTitle' : 'appointments.book.title')}
        actions={<LanguageToggle />}
      />
      {rescheduleId ? (
        <Rescheduling id={rescheduleId} onDone={home} />
      ) : (
        <BookingForm onDone={home} />
      )}
    </div>
  );
}
