import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { UpdatePrompt } from '@/components/layout/update-prompt';
import { scopedQueryHash } from '@/lib/acting-for';
import { useNoteFirstScreen, useScreenSettled } from '@/lib/first-screen';
import { onlineStatus, useOnline } from '@/lib/online-status';
import { currentLanguage, i18n } from '@/lib/i18n';
import { formatNumber } from '@/lib/number-format';
import { toast, useToastWanted } from '@/lib/toast';
import { followSessionEnd, followSignOutOnDevice, forgetOtherAccounts } from '@/lib/session';

// Toasts only follow something a person did, so sonner need not hold up the first screen.
const loadToaster = () =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster }));

export const queryClient = new QueryClient({
  defaultOptions: {
    // Kept a day rather than five minutes: what is in the cache is what the device keeps to
    // show offline (`lib/account-data.ts`). Fresh for two seconds, so a screen that mounts
    // just after its page asked for its data (`prefetch`, the server's preload) reads that
    // answer rather than asking again; pushes, polls and changes still refresh it at once.
    queries: {
      // Acting for someone, their data is kept apart from anyone else's (`lib/acting-for.ts`).
      queryKeyHashFn: scopedQueryHash,
      retry: 1,
      staleTime: 2_000,
      refetchOnWindowFocus: false,
      gcTime: 24 * 60 * 60_000,
    },
  },
});

// Queries follow our idea of the connection, which also counts requests that got no answer:
// offline they pause rather than fail, and go on by themselves when it returns.
onlineManager.setEventListener((setOnline) => {
  setOnline(onlineStatus.get());
  return onlineStatus.subscribe(() => setOnline(onlineStatus.get()));
});
forgetOtherAccounts(queryClient);
followSignOutOnDevice(queryClient);

/**
 * A session the server ended leaves nothing of its account on the device, and the reader is
 * told why they are signed out, and how much had not been sent, never what.
 */
async function forgetEndedAccount(): Promise<void> {
  const accountData = await import('@/lib/account-data');
  const unsent = await accountData.forgetEndedAccount();
  toast(
    unsent === 0
      ? i18n.t('sessionEnded.ended')
      : i18n.t('sessionEnded.unsent', {
          count: unsent,
          number: formatNumber(unsent, currentLanguage()),
        }),
  );
}
followSessionEnd(queryClient, forgetEndedAccount);

/**
 * The toaster, once a toast is asked for or the first screen and its data are up. Its code not
 * fetched (the connection went meanwhile), nothing shows, and it is fetched again once the
 * connection is back.
 */
function DeferredToaster() {
  const wanted = useToastWanted();
  const settled = useScreenSettled();
  const online = useOnline();
  const [Toaster, setToaster] = useState(() => lazy(loadToaster));
  if (!wanted && !settled) return null;
  return (
    <ErrorBoundary
      fallback={null}
      resetKeys={[online]}
      onReset={() => setToaster(() => lazy(loadToaster))}
    >
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  useNoteFirstScreen();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <UpdatePrompt />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
