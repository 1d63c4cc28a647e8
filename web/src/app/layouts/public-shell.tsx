import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { PageLoading } from '@/components/layout/page-loading';
import { ClinicBadge } from '@/features/device/components/clinic-badge';
import { DeveloperPanelToggle } from '@/features/device/components/developer-panel-toggle';
import { ModeBanner } from './mode-banner';

/** Pages reachable without a session: sign-in, sign-up, password reset, research entry. */
export default function PublicShell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <div className="sticky top-0 z-30">
        <ModeBanner />
        <ClinicBadge />
        <OfflineBanner />
      </div>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 py-6">
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      {location === '/login' && (
        <footer className="flex justify-end px-2 pb-[env(safe-area-inset-bottom)]">
          <DeveloperPanelToggle />
        </footer>
      )}
    </div>
  );
}
