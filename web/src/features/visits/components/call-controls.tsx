import {
  MicIcon,
  MicOffIcon,
  PhoneOffIcon,
  VideoIcon,
  VideoOffIcon,
  AudioLinesIcon,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface CallControlsProps {
  role: 'doctor' | 'patient';
  muted: boolean;
  cameraOff: boolean;
  audioOnly: boolean;
  /** The camera cannot be used (none, or audio only). */
  noCamera?: boolean;
  ending?: boolean;
  onMute: () => void;
  onCamera: () => void;
  onAudioOnly: () => void;
  /** "End visit" for the doctor, "Leave" for the patient. */
  onHangUp: () => void;
}

/**
 * Four equal buttons that fit a 360 px phone in either language: a label longer than its
 * quarter wraps under its icon rather than pushing the row past the screen's edge.
 */
const controlLayout =
  'min-w-0 flex-col gap-1 px-1 text-center text-xs leading-tight whitespace-normal';

function Toggle({
  label,
  pressed,
  icon: Icon,
  pressedIcon: PressedIcon = Icon,
  disabled,
  onClick,
}: {
  label: string;
  pressed: boolean;
  icon: LucideIcon;
  pressedIcon?: LucideIcon;
  disabled?: boolean;
  onClick: () => void;
}) {
  const Shown = pressed ? PressedIcon : Icon;
  return (
    <Button
      type="button"
      variant="outline"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(controlLayout, pressed && 'bg-brand-700 text-white')}
    >
      <Shown aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * The call's buttons. The toggles keep their names and say they are on with
 * `aria-pressed`, so they are found the same way whatever their state.
 */
export function CallControls(props: CallControlsProps) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('visits.call.controls')} className="grid grid-cols-4 gap-2">
      <Toggle
        label={t('visits.call.mute')}
        pressed={props.muted}
        icon={MicIcon}
        pressedIcon={MicOffIcon}
        onClick={props.onMute}
      />
      <Toggle
        label={t('visits.call.cameraOff')}
        pressed={props.cameraOff}
        icon={VideoIcon}
        pressedIcon={VideoOffIcon}
        disabled={props.audioOnly || props.noCamera}
        onClick={props.onCamera}
      />
      <Toggle
        label={t('visits.call.audioOnly')}
        pressed={props.audioOnly}
        icon={AudioLinesIcon}
        onClick={props.onAudioOnly}
      />
      <Button
        type="button"
        variant="destructive"
        disabled={props.ending}
        onClick={props.onHangUp}
        className={controlLayout}
      >
        <PhoneOffIcon aria-hidden="true" />
        {props.role === 'doctor' ? t('visits.call.endVisit') : t('visits.call.leave')}
      </Button>
    </div>
  );
}
