import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@shared/appointments';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDates } from '@/lib/dates';

/** "Cancel this appointment?": the day, time and doctor, then cancel it or keep it. */
export default function CancelAppointmentDialog({
  appointment,
  busy,
  open,
  onOpenChange,
  onCancel,
  returnFocusTo,
}: {
  appointment: Appointment;
  busy: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancel: (appointment: Appointment) => void;
  /** The button that opened it, focused again when it closes (it has no trigger of its own). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('patientHome.appointment.close')}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>{t('patientHome.appointment.cancelTitle')}</DialogTitle>
        <DialogDescription>
          {t('patientHome.appointment.cancelQuestion', {
            day: dates.weekdayAndDay(appointment.day),
            time: dates.digits(appointment.time),
            doctor: appointment.doctorName,
          })}
        </DialogDescription>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="destructive"
            disabled={busy}
            onClick={() => {
              onOpenChange(false);
              onCancel(appointment);
            }}
          >
            {t('patientHome.appointment.cancel')}
          </Button>
          <DialogClose asChild>
            <Button type="button" variant="ghost">
              {t('patientHome.appointment.keep')}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
