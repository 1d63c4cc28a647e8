import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useLocation } from 'wouter';
import type { Visit } from '@shared/visits';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { createStore, useStore } from '@/lib/create-store';
import { useDates } from '@/lib/dates';
import { useNow } from '@/lib/use-now';
import { useEndVisit } from '../api/end-visit';
import { visitsKeys } from '../api/query-keys';
import { CallController, idleCall, type CallState } from '../call/call-controller';
import { visitErrorText } from '../visit-errors';
import { CallControls } from './call-controls';

function StreamVideo({
  stream,
  label,
  muted,
  className,
}: {
  stream: MediaStream | null;
  label: string;
  muted?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  return (
    <video ref={ref} aria-label={label} autoPlay playsInline muted={muted} className={className} />
  );
}

/** The words about the line: ours lowered by the app, or the other person's. */
function qualityNotice(
  state: CallState,
): 'ownLow' | 'ownAudio' | 'peerLow' | 'peerAudio' | 'peerChoseAudio' | null {
  if (state.lowered === 'audio') return 'ownAudio';
  if (state.lowered === 'low') return 'ownLow';
  const peer = state.peerQuality;
  if (!peer) return null;
  if (peer.level === 'audio') return peer.cause === 'choice' ? 'peerChoseAudio' : 'peerAudio';
  return peer.cause === 'network' ? 'peerLow' : null;
}

/**
 * The call's controller, made by the effect itself so each mount (React runs effects twice
 * in development) starts its own call and ends it.
 */
function useCallController(visitId: string, polite: boolean, attempt: number) {
  const queryClient = useQueryClient();
  // Held in a store: the effect hands its controller to the screen without a state update.
  const [current] = useState(() => createStore<CallController | null>(null));
  useEffect(() => {
    const call = new CallController(visitId, polite, () => {
      void queryClient.invalidateQueries({ queryKey: visitsKeys.detail(visitId) });
    });
    current.set(call);
    void call.start();
    return () => call.stop({ leave: true });
  }, [visitId, polite, queryClient, current, attempt]);
  return useStore(current);
}

/** A call's length as a clock reads it: `m:ss`, or `h:mm:ss` from the first hour. */
export function callLength(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * Who the call is with, and how long it has gone on since both were in (nothing before).
 */
export function CallHeader({ visit, role }: { visit: Visit; role: 'doctor' | 'patient' }) {
  const { t } = useTranslation();
  const dates = useDates();
  const now = useNow(1000);
  const other = role === 'doctor' ? visit.patientName : visit.doctorName;
  const since = visit.inProgressAt === null ? null : Date.parse(visit.inProgressAt);
  return (
    <div className="flex min-w-0 items-center justify-between gap-2">
      <h2 className="truncate text-lg font-semibold">{other}</h2>
      {since !== null && (
        <p className="text-muted-foreground shrink-0 text-sm tabular-nums">
          <span className="sr-only">{t('visits.call.length')} </span>
          <time dateTime={`PT${Math.max(0, Math.floor((now - since) / 1000))}S`}>
            {dates.digits(callLength(now - since))}
          </time>
        </p>
      )}
    </div>
  );
}

/** The call itself: the other person's video, our preview, the buttons and the notices. */
export function CallScreen({ visit, role }: { visit: Visit; role: 'doctor' | 'patient' }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  // "Try again" after a failed join starts a fresh call.
  const [attempt, setAttempt] = useState(0);
  const controller = useCallController(visit.id, role === 'patient', attempt);
  const state = useStore(controller?.store ?? idleCall);
  const end = useEndVisit();
  const notice = qualityNotice(state);

  const hangUp = () => {
    if (role === 'doctor') {
      end.mutate(visit.id, {
        onSuccess: () => controller?.stop({ leave: false }),
        onError: (error) => toast.error(visitErrorText(t, error, t('visits.errors.actionFailed'))),
      });
      return;
    }
    controller?.stop({ leave: true });
    navigate('/', { replace: true });
  };

  const waitingFor =
    role === 'doctor' ? t('visits.call.waitingForPatient') : t('visits.call.waitingForDoctor');
  let status: string | null = null;
  if (state.phase === 'starting') status = t('visits.call.connecting');
  else if (state.peerLeft) status = t('visits.call.peerLeft');
  else if (state.connection === 'disconnected' || state.connection === 'failed') {
    status = t('visits.call.reconnecting');
  } else if (!state.remote) status = waitingFor;

  return (
    <section aria-label={t('visits.call.title')} className="grid gap-3">
      <CallHeader visit={visit} role={role} />
      <div className="relative aspect-video overflow-hidden rounded-xl bg-black">
        <StreamVideo
          stream={state.remote}
          label={t('visits.call.remoteVideo')}
          className="size-full object-cover"
        />
        {state.preview && (
          <StreamVideo
            stream={state.preview}
            label={t('visits.call.localVideo')}
            muted
            className="absolute right-2 bottom-2 w-1/4 rounded-lg border border-white/70 bg-black object-cover"
          />
        )}
      </div>
      {status && (
        <p role="status" className="text-muted-foreground text-center text-sm">
          {status}
        </p>
      )}
      {state.phase === 'failed' && (
        <>
          <FormError>{visitErrorText(t, state.error, t('visits.call.failed'))}</FormError>
          <Button type="button" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            {t('visits.call.retry')}
          </Button>
        </>
      )}
      {notice && (
        <p role="status" className="bg-brand-50 text-brand-800 rounded-lg px-3 py-2 text-sm">
          {t(`visits.call.quality.${notice}`)}
        </p>
      )}
      {state.canStepUp && (
        <Button type="button" variant="secondary" onClick={() => void controller?.acceptStepUp()}>
          {state.level === 'audio'
            ? t('visits.call.quality.videoBack')
            : t('visits.call.quality.improve')}
        </Button>
      )}
      <CallControls
        role={role}
        muted={state.muted}
        cameraOff={state.cameraOff}
        audioOnly={state.audioOnly}
        noCamera={!state.preview && !state.audioOnly}
        ending={end.isPending}
        onMute={() => controller?.toggleMute()}
        onCamera={() => controller?.toggleCamera()}
        onAudioOnly={() => void controller?.toggleAudioOnly()}
        onHangUp={hangUp}
      />
    </section>
  );
}
