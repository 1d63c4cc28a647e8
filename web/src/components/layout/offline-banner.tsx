import { RefreshCwIcon, WifiOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { retryConnectionNow, useOnline } from '@/lib/online-status';

/** How long the Retry icon spins. */
export const retrySpinMs = 1000;

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const [spinning, setSpinning] = useState(false);
  if (online) return null;

  const retry = () => {
    setSpinning(true);
    retryConnectionNow();
    setTimeout(() => setSpinning(false), retrySpinMs);
  };

  return (
    <div
      role="alert"
      className="bg-accent-600 flex items-center justify-between gap-2 px-3 py-2 text-sm text-white"
    >
      <span className="flex items-center gap-2">
        <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />
        {t('offline.message')}
      </span>
      <button
        type="button"
        onClick={retry}
        disabled={spinning}
        aria-busy={spinning}
        className="flex min-h-8 items-center gap-1 rounded-md bg-white/15 px-2 font-semibold hover:bg-white/25"
      >
        <RefreshCwIcon
          data-testid="retry-icon"
          className={cn('size-4', spinning && 'animate-spin')}
          aria-hidden="true"
        />
        {t('offline.retry')}
      </button>
    </div>
  );
}
