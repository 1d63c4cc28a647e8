import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { UpdatePrompt } from '@/components/layout/update-prompt';
import { onlineStatus } from '@/lib/online-status';
import { followSignOutOnDevice, forgetOtherAccounts } from '@/lib/session';

// Toasts only follow something a person did, so sonner need not hold up the first screen.
const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

export const queryClient = new QueryClient({
  defaultOptions: {
    // Kept a day rather than five minutes: what is in the cache is what the device keeps to
    // show offline (`lib/account-data.ts`).
    queries: { retry: 1, refetchOnWindowFocus: false, gcTime: 24 * 60 * 60_000 },
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

/** True from the frame after the first screen was drawn. */
function useFirstScreenDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return drawn;
}

export function AppProvider({ children }: { children: ReactNode }) {
  // The toasts' code is fetched once the first screen is up, not in its way on a slow line.
  const firstScreenDrawn = useFirstScreenDrawn();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <UpdatePrompt />
      {firstScreenDrawn && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
