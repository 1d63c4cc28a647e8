import { CloudUploadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/number-format';
import { usePendingUploads } from '../upload-sync';

/** How many of the patient's photos are still only on this device. */
export function PendingUploadsBadge() {
  const { t } = useTranslation();
  const { number } = useNumberFormat();
  const count = usePendingUploads().length;
  return (
    <div aria-live="polite" className="flex justify-end px-3">
      {count > 0 && (
        <p className="bg-brand-50 text-brand-800 mt-1 flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold shadow-sm">
          <CloudUploadIcon className="size-4" aria-hidden="true" />
          {t('uploads.waiting', { count, n: number(count) })}
        </p>
      )}
    </div>
  );
}
