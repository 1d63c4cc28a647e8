import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';

/** A fresh start of the app: the screen's code is fetched again once the network allows. */
function PageFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-center gap-4 py-16 text-center">
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
    <ErrorBoundary FallbackComponent={PageFailed} resetKeys={[location]}>
      {children}
    </ErrorBoundary>
  );
}
