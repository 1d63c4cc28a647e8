import { HourglassIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import type { Visit } from '@shared/visits';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { useNumberFormat } from '@/lib/number-format';
import { useCancelVisit } from '../api/cancel-visit';
import { visitErrorText } from '../visit-errors';
import { VisitReasonForm } from './visit-reason-form';

/** The patient's place in line and the estimate, refreshed every 15 seconds by the visit query. */
export function WaitingRoom({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [, navigate] = useLocation();
  const cancel = useCancelVisit();
  const titleId = useId();
  const leave = () =>
    cancel.mutate(visit.id, {
      onSuccess: () => {
        toast(t('visits.waitingRoom.left'));
        navigate('/', { replace: true });
      },
      onError: (error) => toast.error(visitErrorText(t, error, t('visits.errors.actionFailed'))),
    });
  const minutes = visit.estimatedWaitMinutes;
  return (
    <Card className="grid gap-3" aria-labelledby={titleId}>
      <CardTitle id={titleId}>{t('visits.waitingRoom.title')}</CardTitle>
      <div role="status" className="grid gap-1">
        {visit.position !== null && (
          <p className="flex items-center gap-2 text-lg font-semibold">
            <HourglassIcon className="text-brand-700 size-5" aria-hidden="true" />
            {t('visits.waitingRoom.position', { position: format.number(visit.position) })}
          </p>
        )}
        <p>
          {minutes === null
            ? t('visits.waitingRoom.soon')
            : t('visits.waitingRoom.estimate', {
                count: minutes,
                minutes: format.number(minutes),
              })}
        </p>
      </div>
      <p className="text-muted-foreground text-xs">{t('visits.waitingRoom.refresh')}</p>
      <VisitReasonForm visit={visit} />
      <Button type="button" variant="outline" disabled={cancel.isPending} onClick={leave}>
        {t('visits.waitingRoom.leave')}
      </Button>
    </Card>
  );
}
