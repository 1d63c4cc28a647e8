import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { claimAutomaticReload } from '@/lib/automatic-reload';
import { reportNetworkFailure, useOnline } from '@/lib/online-status';

/**
 * A screen whose code could not be fetched: a way to try again, and once the server answers
 * again the app starts afresh by itself, once (`lib/automatic-reload.ts`): code that still
 * does not come while the server answers leaves this screen and its button up rather than
 * reloading every second.
 */
export function ScreenFailed() {
  const { t } = useTranslation();
  const online = useOnline();
  const wasOffline = useRef(false);
  // Code that did not come most often means the connection failed: the banner shows and the
  // server is asked again with growing pauses.
  useEffect(() => reportNetworkFailure(), []);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    if (claimAutomaticReload(window.location.pathname)) window.location.reload();
  }, [online]);
  return (
    <div role="alert" className="grid justify-items-center gap-4 px-4 py-16 text-center">
      <p>{t('pageFailed.message')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('pageFailed.retry')}
      </Button>
    </div>
  );
}

/**
 * Keeps a screen that failed to load (its code not fetched on a lost connection) from
 * blanking the whole app: the shell, its offline banner and navigation stay, and the
 * next page starts afresh.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenFailed} resetKeys={[location]}>
      {children}
    </ErrorBoundary>
  );
}
