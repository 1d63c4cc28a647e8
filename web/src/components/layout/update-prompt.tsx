import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { reloadIntoUpdate, useUpdateReady } from '@/lib/service-worker';

/**
 * "A new version is available" with Reload, above the bottom navigation, once a new
 * version is installed. The live region is always there, so its message is announced.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const ready = useUpdateReady();
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-50 mx-auto flex max-w-xl justify-center px-4"
    >
      {ready && (
        <div className="bg-foreground pointer-events-auto flex w-full items-center justify-between gap-3 rounded-lg px-4 py-2 text-sm text-white shadow-lg">
          <span>{t('update.available')}</span>
          <Button type="button" size="sm" variant="secondary" onClick={reloadIntoUpdate}>
            {t('update.reload')}
          </Button>
        </div>
      )}
    </div>
  );
}
