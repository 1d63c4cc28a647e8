import { CalendarPlusIcon, HourglassIcon, MessageCircleIcon, MoonIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Link, useLocation } from 'wouter';
import { clinicDayOf, clinicTimeOf, clinicToday, nearDay } from '@shared/clinic-time';
import type { Visit } from '@shared/visits';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { useMayDo } from '@/lib/caring-for';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { useCancelVisit } from '../api/cancel-visit';
import { visitErrorText } from '../visit-errors';
import { VisitReasonForm } from './visit-reason-form';

/** When a doctor is next on duty, in the reader's words: today, tomorrow or the day, at the clinic time. */
function useNextDoctorWords(at: string | null | undefined): string | null {
  const { t } = useTranslation();
  const dates = useDates();
  if (!at) return null;
  const day = clinicDayOf(at);
  const time = dates.digits(clinicTimeOf(at));
  const near = nearDay(day, clinicToday());
  if (near === 'today') return t('visits.offDuty.today', { time });
  if (near === 'tomorrow') return t('visits.offDuty.tomorrow', { time });
  return t('visits.offDuty.onDay', { day: dates.weekdayAndDay(day), time });
}

/**
 * No doctor is on duty: when one next is, and what the patient can do instead of a wait
 * nobody will end (book a time, or write to the care team, where the reader may).
 */
function OffDuty({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const next = useNextDoctorWords(visit.nextDoctorAt);
  const mayMessage = useMayDo('message');
  return (
    <div className="grid gap-3">
      <div role="status" className="grid gap-1">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <MoonIcon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
          {t('visits.offDuty.title')}
        </p>
        <p>{next ? t('visits.offDuty.next', { when: next }) : t('visits.offDuty.noHours')}</p>
      </div>
      <p className="text-muted-foreground text-sm">{t('visits.offDuty.instead')}</p>
      <Button asChild>
        <Link href="/appointments/book">
          <CalendarPlusIcon aria-hidden="true" />
          {t('visits.offDuty.book')}
        </Link>
      </Button>
      {mayMessage && (
        <Button asChild variant="outline">
          <Link href="/messages">
            <MessageCircleIcon aria-hidden="true" />
            {t('visits.offDuty.message')}
          </Link>
        </Button>
      )}
    </div>
  );
}

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
      {visit.doctorOnDuty === false ? (
        <OffDuty visit={visit} />
      ) : (
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
      )}
      <p className="text-muted-foreground text-xs">{t('visits.waitingRoom.refresh')}</p>
      <VisitReasonForm visit={visit} />
      <Button type="button" variant="outline" disabled={cancel.isPending} onClick={leave}>
        {t('visits.waitingRoom.leave')}
      </Button>
    </Card>
  );
}
