import { AlertCircleIcon, CloudUploadIcon, FileImageIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { photoStorageQuotaBytes, type Upload } from '@shared/uploads';
import { LoadingNote } from '@/components/ui/loading-note';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
import { reasonError, type OutboxReason } from '@/lib/outbox';
import { useUploadedDocs } from '../api/get-uploads';
import { usePendingUploads, type PendingPhoto } from '../upload-sync';

/** Object URLs of the waiting photos shown, by upload id, freed once a photo has left. */
const previewUrls = new Map<string, string>();

function previewUrl(upload: PendingPhoto): string {
  let url = previewUrls.get(upload.id);
  if (!url) {
    url = URL.createObjectURL(upload.payload.image);
    previewUrls.set(upload.id, url);
  }
  return url;
}

/**
 * Health → Docs: the patient's photos on the server as thumbnails, newest first,
 * after the ones still waiting on this device to be sent.
 */
export function UploadedDocs() {
  const { t } = useTranslation();
  const uploaded = useUploadedDocs();
  const pending = usePendingUploads();
  const stored = uploaded.data ?? [];

  useEffect(() => {
    for (const [id, url] of previewUrls) {
      if (!pending.some((upload) => upload.id === id)) {
        URL.revokeObjectURL(url);
        previewUrls.delete(id);
      }
    }
  }, [pending]);

  if (uploaded.isPending && pending.length === 0) return <LoadingNote />;
  if (uploaded.isError && pending.length === 0) {
    return (
      <p className="text-muted-foreground py-8 text-center text-sm">
        {errorMessage(t, uploaded.error, t('uploads.docs.loadFailed'))}
      </p>
    );
  }
  if (stored.length === 0 && pending.length === 0) {
    return (
      <div className="text-muted-foreground flex flex-col items-center gap-2 py-8 text-sm">
        <FileImageIcon className="size-8" aria-hidden="true" />
        <p>{t('uploads.docs.empty')}</p>
      </div>
    );
  }

  return (
    <ul aria-label={t('uploads.docs.label')} className="grid grid-cols-3 gap-2">
      {[...pending].reverse().map((upload) => (
        <li key={upload.id}>
          <WaitingThumbnail upload={upload} />
        </li>
      ))}
      {stored
        .filter((upload) => !pending.some((waiting) => waiting.id === upload.id))
        .map((upload) => (
          <li key={upload.id}>
            <StoredThumbnail upload={upload} />
          </li>
        ))}
    </ul>
  );
}

function StoredThumbnail({ upload }: { upload: Upload }) {
  const { t } = useTranslation();
  const date = useDates().date(upload.createdAt);
  return (
    <a href={upload.url} target="_blank" rel="noreferrer" className="block">
      <img
        src={upload.url}
        alt={t('uploads.docs.photoAlt', { date })}
        loading="lazy"
        className="bg-muted aspect-square w-full rounded-lg object-cover"
      />
    </a>
  );
}

/** How the server's refusals of a photo read; other codes read as the shared words or the fallback. */
const refusalMessages = {
  unsupported_media_type: 'uploads.docs.notAPhoto',
  payload_too_large: 'uploads.docs.tooLarge',
  rate_limited: 'uploads.docs.tooManyPhotos',
} as const;

/** Why a photo is still here: a refusal for good, or a limit it waits out. */
function useRefusalText(reason: OutboxReason): string {
  const { t } = useTranslation();
  const { number: format } = useNumberFormat();
  if (reason.code === 'photo_storage_full') {
    const size = format(photoStorageQuotaBytes / (1024 * 1024));
    return t('uploads.docs.storageFull', { size });
  }
  return errorMessage(t, reasonError(reason), t('uploads.docs.refused'), refusalMessages);
}

function RefusalText({ reason }: { reason: OutboxReason }) {
  return <p className="text-muted-foreground mt-1 text-xs">{useRefusalText(reason)}</p>;
}

function WaitingThumbnail({ upload }: { upload: PendingPhoto }) {
  const { t } = useTranslation();
  const refused = upload.state === 'failed';
  const label = refused
    ? t('uploads.docs.notUploaded')
    : upload.sending
      ? t('uploads.docs.uploading')
      : upload.attempts > 0
        ? t('uploads.docs.retrying')
        : t('uploads.docs.waitingToUpload');
  // A refusal says why; so does the one limit a photo waits out, the rate of new photos.
  const reason = refused || upload.reason?.code === 'rate_limited' ? upload.reason : null;
  const Icon = refused ? AlertCircleIcon : CloudUploadIcon;

  return (
    <figure className="relative">
      <img
        src={previewUrl(upload)}
        alt={t('uploads.docs.waitingPhotoAlt')}
        className="aspect-square w-full rounded-lg object-cover opacity-70"
      />
      <figcaption className="absolute inset-x-1 bottom-1 flex items-center justify-center gap-1 rounded-md bg-black/65 px-1 py-0.5 text-[11px] font-medium text-white">
        <Icon className="size-3" aria-hidden="true" />
        {label}
      </figcaption>
      {reason && <RefusalText reason={reason} />}
    </figure>
  );
}
