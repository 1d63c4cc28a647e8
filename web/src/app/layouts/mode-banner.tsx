import { ShieldCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { appModeSetting } from '@/lib/device-settings';
import { cn } from '@/lib/cn';
import { useStore } from '@/lib/create-store';

export function ModeBanner() {
  const { t } = useTranslation();
  const mode = useStore(appModeSetting);
  const official = mode === 'official';
  const Icon = official ? ShieldCheckIcon : TriangleAlertIcon;
  return (
    <div
      data-mode={mode}
      className={cn(
        'flex items-center justify-center gap-2 px-3 py-1.5 text-center text-xs font-medium',
        official ? 'bg-brand-700 text-white' : 'bg-amber-100 text-amber-950',
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{official ? t('banner.official') : t('banner.dev')}</span>
    </div>
  );
}
