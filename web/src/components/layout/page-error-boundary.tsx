import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { claimAutomaticReload } from '@/lib/automatic-reload';
import { cn } from '@/lib/cn';
import { reportNetworkFailure, useOnline } from '@/lib/online-status';

/**
 * A screen whose code could not be fetched, with a way to try again. `recoverWhenOnline` (a
 * shell, which takes the whole app with it): the failure counts as a lost connection, and once
 * the server answers again the app starts afresh by itself, once (`lib/automatic-reload.ts`):
 * code that still does not come while the server answers leaves this screen and its button up
 * rather than reloading every second.
 */
export function ScreenFailed({ recoverWhenOnline = false }: { recoverWhenOnline?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const wasOffline = useRef(false);
  // Code that did not come most often means the connection failed: the banner shows and the
  // server is asked again with growing pauses.
  useEffect(() => {
    if (recoverWhenOnline) reportNetworkFailure();
  }, [recoverWhenOnline]);
  useEffect(() => {
    if (!recoverWhenOnline) return;
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    if (claimAutomaticReload(window.location.pathname)) window.location.reload();
  }, [online, recoverWhenOnline]);
  return (
    <div
      role="alert"
      className={cn(
        'grid justify-items-center gap-4 py-16 text-center',
        recoverWhenOnline && 'px-4',
      )}
    >
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
    <ErrorBoundary fallback={<ScreenFailed />} resetKeys={[location]}>
      {children}
    </ErrorBoundary>
  );
}
