import { CalendarXIcon, WifiOffIcon } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  maxAppointmentReasonLength,
  type Appointment,
  type AvailabilityQuery,
  type Slot,
} from '@shared/appointments';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { useStore } from '@/lib/create-store';
import { useDates } from '@/lib/dates';
import { onlineStatus } from '@/lib/online-status';
import { toast } from '@/lib/toast';
import { useBookAppointment } from '../api/book-appointment';
import { useAvailability } from '../api/get-availability';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { appointmentErrorText } from '../appointment-errors';
import { DayPicker } from './day-picker';
import { SlotPicker } from './slot-picker';

/**
 * Booking: a doctor, a day of the horizon, a free slot and an optional reason. It opens on what
 * the server chooses (the first doctor and day with a free slot). Given `rescheduling`, the
 * same choices move that appointment instead. A slot someone else just took is said so, and
 * the slots are read again without it.
 */
export function BookingForm({
  rescheduling,
  onDone,
}: {
  rescheduling?: Appointment;
  /** Booked or moved: the page decides where to go. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const doctorFieldId = useId();
  const online = useStore(onlineStatus);
  const [query, setQuery] = useState<AvailabilityQuery>(() =>
    rescheduling ? { doctorId: rescheduling.doctorId } : {},
  );
  const availability = useAvailability(query);
  const [chosen, setChosen] = useState<Slot | null>(null);
  const [bookingId, setBookingId] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const book = useBookAppointment();
  const reschedule = useRescheduleAppointment();
  const pending = book.isPending || reschedule.isPending;

  const data = availability.data;
  if (!data) {
    return availability.isError ? (
      <div className="grid gap-2">
        <FormError>
          {appointmentErrorText(t, availability.error, t('appointments.book.loadFailed'))}
        </FormError>
        <Button type="button" variant="outline" onClick={() => void availability.refetch()}>
          {t('appointments.book.tryAgain')}
        </Button>
      </div>
    ) : (
      <div aria-busy="true" className="bg-muted h-64 animate-pulse rounded-xl" />
    );
  }
  if (data.doctorId === null) {
    return (
      <div className="border-border text-muted-foreground flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
        <CalendarXIcon className="size-8" aria-hidden="true" />
        <p>{t('appointments.book.noDoctors')}</p>
      </div>
    );
  }
  // Another doctor or day asked for: the choice shows at once, its slots once they come.
  const doctorId = query.doctorId ?? data.doctorId;
  const switching = availability.isPlaceholderData;
  // A slot taken meanwhile is gone from the fresh list, and so is the choice of it.
  const slot = switching
    ? null
    : (data.slots.find((each) => each.startsAt === chosen?.startsAt) ?? null);

  const choose = (next: AvailabilityQuery) => {
    setQuery(next);
    setChosen(null);
  };
  const failed = (error: unknown) => {
    const code: string | undefined = error instanceof ApiRequestError ? error.code : undefined;
    if (code === 'slot_taken') setChosen(null);
    setProblem(appointmentErrorText(t, error, t('appointments.book.failed')));
  };
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!slot) {
      setProblem(t('appointments.book.chooseTime'));
      return;
    }
    setProblem(null);
    if (rescheduling) {
      reschedule.mutate(
        { id: rescheduling.id, change: { doctorId, startsAt: slot.startsAt } },
        {
          onSuccess: () => {
            toast.success(t('appointments.book.rescheduled'));
            onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    const trimmed = reason.trim();
    book.mutate(
      { id: bookingId, doctorId, startsAt: slot.startsAt, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: () => {
          toast.success(t('appointments.book.booked'));
          onDone();
        },
        onError: failed,
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {rescheduling && (
        <p className="bg-brand-50 text-brand-800 rounded-lg px-3 py-2 text-sm">
          {t('appointments.book.reschedulingNote', {
            day: dates.weekdayAndDay(rescheduling.day),
            time: dates.digits(rescheduling.time),
            doctor: rescheduling.doctorName,
          })}
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={doctorFieldId}>{t('appointments.book.doctor')}</Label>
        <select
          id={doctorFieldId}
          className="border-border bg-card focus-visible:outline-ring min-h-11 rounded-lg border px-3 py-2 text-base"
          value={doctorId}
          onChange={(event) => choose({ doctorId: event.target.value })}
        >
          {data.doctors.map((doctor) => (
            <option key={doctor.id} value={doctor.id}>
              {doctor.name}
            </option>
          ))}
        </select>
      </div>
      <DayPicker
        days={data.days}
        chosen={query.day ?? data.day}
        onChoose={(day) => choose({ doctorId, day })}
      />
      <SlotPicker
        slots={switching ? null : data.slots}
        chosen={slot?.startsAt ?? null}
        onChoose={(next) => {
          setChosen(next);
          setBookingId(crypto.randomUUID());
          setProblem(null);
        }}
      />
      {!rescheduling && (
        <TextField
          label={t('appointments.book.reason')}
          hint={t('appointments.book.reasonHint')}
          value={reason}
          maxLength={maxAppointmentReasonLength}
          onChange={(event) => setReason(event.target.value)}
          autoComplete="off"
        />
      )}
      {problem && <FormError>{problem}</FormError>}
      {!online && (
        <p role="status" className="text-accent-700 flex items-center gap-2 text-sm">
          <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />
          {t('appointments.book.offline')}
        </p>
      )}
      <Button type="submit" size="lg" disabled={pending || !online}>
        {rescheduling ? t('appointments.book.reschedule') : t('appointments.book.submit')}
      </Button>
    </form>
  );
}
