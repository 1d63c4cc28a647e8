import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { Visit } from '@shared/visits';
import { PatientChartLink } from '@/components/record/patient-chart-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/layout/page-loading';
import { useVisit } from '../api/get-visit';
import { visitErrorText } from '../visit-errors';
import { CallScreen } from './call-screen';
import { DoctorWaitingPrompt } from './doctor-waiting-prompt';
import { VisitEnded } from './visit-ended';
import { VisitSummaryForm } from './visit-summary-form';
import { WaitingRoom } from './waiting-room';

/** Whether the address asks to go straight into the call (`?join`), as the "Join visit" prompts do. */
function useJoinAsked(): boolean {
  return new URLSearchParams(useSearch()).has('join');
}

/**
 * `/visit/:id`, by the visit's status: the patient's waiting room, the call (the doctor goes
 * straight in; the patient when they press join or were already in), then the doctor's
 * summary or the patient's "visit has ended".
 */
export function VisitScreen({
  id,
  role,
  afterSummary,
}: {
  id: string;
  role: 'doctor' | 'patient';
  /** What the page adds under the doctor's summary (prescribing for the patient). */
  afterSummary?: (visit: Visit) => ReactNode;
}) {
  const { t } = useTranslation();
  const visit = useVisit(id);
  const joinAsked = useJoinAsked();
  const [joined, setJoined] = useState(false);

  const current = visit.data;
  // A failed refresh keeps what was loaded: a call is not dropped for one lost answer.
  if (!current) {
    if (visit.isPending) return <PageLoading />;
    return (
      <Card className="grid gap-3">
        <p role="alert">{visitErrorText(t, visit.error, t('visits.notFound'))}</p>
        <Button asChild variant="outline">
          <Link href="/">{t('visits.goHome')}</Link>
        </Button>
      </Card>
    );
  }
  switch (current.status) {
    case 'queued':
      if (role === 'doctor') {
        return (
          <Card className="grid gap-3">
            <p>{t('visits.notStarted')}</p>
          </Card>
        );
      }
      return <WaitingRoom visit={current} />;
    case 'waiting':
    case 'in_progress':
      if (role === 'doctor') {
        // The chart opens beside the call, which goes on.
        return (
          <div className="grid gap-3">
            {current.agentName && (
              <p className="text-muted-foreground text-sm">
                {t('visits.broughtBy', { patient: current.patientName, agent: current.agentName })}
              </p>
            )}
            <PatientChartLink patientId={current.patientId} newTab className="justify-self-end" />
            <CallScreen key={current.id} visit={current} role={role} />
          </div>
        );
      }
      if (joined || joinAsked || current.status === 'in_progress') {
        return <CallScreen key={current.id} visit={current} role={role} />;
      }
      return <DoctorWaitingPrompt onJoin={() => setJoined(true)} />;
    case 'finished':
      return role === 'doctor' ? (
        <div className="grid gap-4">
          <VisitSummaryForm visit={current} />
          <PatientChartLink patientId={current.patientId} />
          {afterSummary?.(current)}
        </div>
      ) : (
        <VisitEnded status="finished" />
      );
    case 'cancelled':
    case 'no_show':
      return <VisitEnded status={current.status} />;
  }
}
