import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import { QueueScreen } from '@/features/queue/components/queue-screen';
import { useQueue } from '@/features/visits/api/get-queue';
import { useStartVisit } from '@/features/visits/api/start-visit';
import { visitErrorText } from '@/features/visits/visit-errors';

/**
 * The doctor's queue from the server; "Start visit" takes the visit and opens its call.
 * When another doctor was first, the doctor is told and the queue is read again.
 */
export function DoctorQueue() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queue = useQueue();
  const start = useStartVisit();
  return (
    <QueueScreen
      queue={queue.data}
      failed={queue.isError}
      startingId={start.isPending ? start.variables : null}
      onStart={(id) =>
        start.mutate(id, {
          onSuccess: (visit) => navigate(`/visit/${visit.id}`),
          onError: (error) => toast.error(visitErrorText(t, error, t('visits.errors.startFailed'))),
        })
      }
    />
  );
}
