import { CameraIcon, MicIcon, PaperclipIcon, VideoIcon, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useCameraPermission } from '../camera-permission';
import { capturePhoto } from '../capture-photo';
import { hasFrames, useCameraStream } from '../use-camera-stream';

type Message = 'notReady' | 'captureFailed' | 'captured' | 'videoSoon' | 'audioSoon' | 'fileSoon';

/** How long a message stays on screen. */
const messageMs = 3000;

interface CameraCaptureProps {
  /** Keeps the photo; rejects when it could not be kept. */
  onPhoto: (photo: Blob) => Promise<unknown>;
}

/**
 * The live front-camera preview with its capture buttons.
 * Mounted only while the sheet is open: unmounting stops the camera.
 */
export function CameraCapture({ onPhoto }: CameraCaptureProps) {
  const { t } = useTranslation();
  const { videoRef, state } = useCameraStream();
  const permission = useCameraPermission();
  const [message, setMessage] = useState<{ key: Message; at: number } | null>(null);
  const [capturing, setCapturing] = useState(false);
  const unsupported = state === 'unsupported';

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), messageMs);
    return () => clearTimeout(timer);
  }, [message]);

  const say = (key: Message) => setMessage({ key, at: Date.now() });

  const takePhoto = async () => {
    const video = videoRef.current;
    if (state !== 'live' || !hasFrames(video)) {
      say('notReady');
      return;
    }
    setCapturing(true);
    try {
      await onPhoto(await capturePhoto(video));
      say('captured');
    } catch {
      say('captureFailed');
    } finally {
      setCapturing(false);
    }
  };

  return (
    <>
      <div className="relative flex-1 overflow-hidden bg-slate-900">
        {unsupported || state === 'failed' ? (
          <div className="absolute inset-0" data-testid="camera-fallback">
            <div className="from-brand-700 to-accent-600 absolute -inset-10 bg-gradient-to-br via-slate-700 opacity-80 blur-2xl" />
            <p className="absolute inset-x-6 top-1/2 -translate-y-1/2 text-center text-sm text-white/90">
              {permission === 'denied' ? t('camera.denied') : t('camera.unavailable')}
            </p>
          </div>
        ) : (
          <video
            ref={videoRef}
            aria-label={t('camera.preview')}
            autoPlay
            playsInline
            muted
            className="absolute inset-0 size-full -scale-x-100 object-cover"
          />
        )}
        <div className="pointer-events-none absolute inset-x-0 bottom-4 flex justify-center px-4">
          <p
            role="status"
            className={cn(
              'rounded-full bg-black/75 px-4 py-2 text-center text-sm font-medium',
              !message && 'sr-only',
            )}
          >
            {message ? t(`camera.${message.key}`) : ''}
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-4 px-4 pt-4 pb-[max(1.5rem,env(safe-area-inset-bottom))]">
        <div className="flex justify-center gap-3">
          <SmallAction icon={MicIcon} label={t('camera.audio')} onClick={() => say('audioSoon')} />
          <SmallAction
            icon={PaperclipIcon}
            label={t('camera.file')}
            onClick={() => say('fileSoon')}
          />
        </div>
        <div className="flex justify-center gap-6">
          <BigAction
            icon={CameraIcon}
            label={t('camera.photo')}
            disabled={unsupported || capturing}
            onClick={() => void takePhoto()}
            primary
          />
          <BigAction
            icon={VideoIcon}
            label={t('camera.video')}
            disabled={unsupported}
            onClick={() => say('videoSoon')}
          />
        </div>
      </div>
    </>
  );
}

interface ActionProps {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  primary?: boolean;
}

function BigAction({ icon: Icon, label, onClick, disabled = false, primary = false }: ActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex flex-col items-center gap-1 text-sm font-semibold disabled:opacity-40"
    >
      <span
        className={cn(
          'flex size-16 items-center justify-center rounded-full border-4',
          primary ? 'border-white bg-white/20' : 'border-accent-500 bg-accent-600/40',
        )}
        aria-hidden="true"
      >
        <Icon className="size-7" />
      </span>
      {label}
    </button>
  );
}

function SmallAction({ icon: Icon, label, onClick }: ActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-10 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-medium hover:bg-white/20"
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
}
