import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import { appointmentsKeys } from '@/features/appointments/api/appointments-keys';
import { useDoctorDay } from '@/features/appointments/api/get-doctor-day';
import { DoctorDayList } from '@/features/appointments/components/doctor-day';
import { QueueScreen } from '@/features/queue/components/queue-screen';
import { useQueue } from '@/features/visits/api/get-queue';
import { useStartVisit } from '@/features/visits/api/start-visit';
import { listenToAppointmentChanges } from '@/features/visits/push/visits-push';
import { visitErrorText } from '@/features/visits/visit-errors';

/**
 * Today's appointments, read again when the visits stream says the doctor's day changed and
 * whenever the queue changes (a check-in, a visit started or ended).
 */
function useLiveDoctorDay(queueUpdatedAt: number) {
  const queryClient = useQueryClient();
  const day = useDoctorDay();
  useEffect(
    () =>
      listenToAppointmentChanges(
        () => void queryClient.invalidateQueries({ queryKey: appointmentsKeys.today() }),
      ),
    [queryClient],
  );
  const seenQueue = useRef(queueUpdatedAt);
  useEffect(() => {
    if (seenQueue.current !== 0 && seenQueue.current !== queueUpdatedAt) {
      void queryClient.invalidateQueries({ queryKey: appointmentsKeys.today() });
    }
    seenQueue.current = queueUpdatedAt;
  }, [queryClient, queueUpdatedAt]);
  return day;
}

/**
 * The doctor's queue from the server, under today's appointments; "Start visit" takes the
 * visit and opens its call. When another doctor was first, the doctor is told and the queue
 * is read again.
 */
export function DoctorQueue() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queue = useQueue();
  const day = useLiveDoctorDay(queue.dataUpdatedAt);
  const start = useStartVisit();
  return (
    <QueueScreen
      queue={queue.data}
      failed={queue.isError}
      startingId={start.isPending ? start.variables : null}
      aboveQueue={<DoctorDayList day={day.data} failed={day.isError} />}
      onStart={(id) =>
        start.mutate(id, {
          onSuccess: (visit) => navigate(`/visit/${visit.id}`),
          onError: (error) => toast.error(visitErrorText(t, error, t('visits.errors.startFailed'))),
        })
      }
    />
  );
}
