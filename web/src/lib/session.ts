import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@shared/profile';
import { apiFetch, ApiRequestError, deliverPendingSignOut } from '@/lib/api-client';
import { useFirstScreenDrawn } from '@/lib/first-screen';
import { signOutPending } from '@/lib/pending-sign-out';

/** The signed-in user with their profile and role, or null without a session. */
export async function getSession(): Promise<Me | null> {
  // Signed out on this device: nobody is signed in here, whatever the cookie still says. The
  // server is told first if it can be; told, the session is over and there is nothing to ask.
  if (signOutPending.get() !== null) {
    await deliverPendingSignOut().catch(() => undefined);
    return null;
  }
  try {
    return await apiFetch<Me>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: getSession,
  staleTime: 60_000,
});

/**
 * Who is signed in. `afterFirstScreen`: a page that shows the same either way (the sign-in
 * page, which only sends someone signed in already onwards) asks once its first screen is up.
 */
export function useSession({ afterFirstScreen = false } = {}) {
  const firstScreenDrawn = useFirstScreenDrawn();
  return useQuery({ ...sessionQueryOptions, enabled: !afterFirstScreen || firstScreenDrawn });
}

/**
 * The moment `/api/me` names someone else than the person whose data the cache holds (another
 * account signed in on this device, or the session ended), everything loaded for the first
 * is dropped, before anything renders it. The data kept on the device goes too
 * (`account-data.ts`, from the protected shell).
 */
export function forgetOtherAccounts(queryClient: QueryClient): () => void {
  const sessionHash = hashKey(sessionQueryOptions.queryKey);
  let shown: string | null | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== sessionHash) return;
    // An answer, or data put in place (restored from the device, set after sign-out).
    if (event.action.type !== 'success' && event.action.type !== 'setState') return;
    const data = event.query.state.data as Me | null | undefined;
    if (data === undefined) return;
    const userId = data?.user.id ?? null;
    if (shown !== undefined && userId !== shown) {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0],
      });
    }
    shown = userId;
  });
}

/**
 * A device signed out without a connection shows nobody signed in: at start (a reload, also
 * offline, when the session cannot be asked), and in every open tab the moment any of them
 * signs out (`pending-sign-out.ts`). Setting the session to nobody drops the rest of the cache.
 */
export function followSignOutOnDevice(queryClient: QueryClient): () => void {
  const showSignedOut = () => {
    if (signOutPending.get() !== null) {
      queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    }
  };
  showSignedOut();
  return signOutPending.subscribe(showSignedOut);
}
