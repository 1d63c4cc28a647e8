import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CameraCapture } from '@/features/camera/components/camera-capture';
import { queuePhoto } from '@/features/uploads/upload-sync';
import { useActingForPerson, useMayAddToRecord } from '@/lib/caring-for';

interface CameraSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The patient's full-screen capture overlay, opened from the centre navigation button.
 * A photo becomes a pending upload of the signed-in patient, sent when the device is online.
 * Caring for someone, only their guardian adds photos to their record; anyone else reads why not.
 */
export function CameraSheet({ open, onOpenChange }: CameraSheetProps) {
  const { t } = useTranslation();
  const mayAdd = useMayAddToRecord();
  const person = useActingForPerson();
  const keepPhoto = (photo: Blob) => queuePhoto(photo);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white"
        >
          <header className="flex items-center justify-between p-3">
            <DialogPrimitive.Title className="text-lg font-semibold">
              {t('camera.title')}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label={t('camera.close')}
              className="rounded-full p-2 hover:bg-white/10"
            >
              <XIcon className="size-6" aria-hidden="true" />
            </DialogPrimitive.Close>
          </header>
          {open &&
            (mayAdd ? (
              <CameraCapture onPhoto={keepPhoto} />
            ) : (
              <p role="note" className="p-4 text-base">
                {t('careCircle.caringFor.notGranted', { name: person?.name ?? '' })}
              </p>
            ))}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
