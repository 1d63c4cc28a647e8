import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@shared/profile';
import { activeEncounter } from '@/lib/active-encounter';
import { apiFetch, ApiRequestError, deliverPendingSignOut, onUnauthorized } from '@/lib/api-client';
import { dataOwner } from '@/lib/data-owner';
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

/** Paths whose 401 is about what was sent (a wrong password), not the session itself. */
const accountSystemPath = /^\/api\/auth\//;

/**
 * The server saying a session ended (a 401: revoked from another device, a password reset,
 * expiry) ends it on the device at once: nobody shows as signed in (which drops the cache and
 * sends every screen to the sign-in page), the mark naming whose data the device keeps goes
 * before anything else, so nothing of hers is restored from then on, also offline and in
 * other tabs, and `forget` erases what is kept (`account-data.ts`, loaded only then). A 401
 * from the account system may mean a wrong password: there the session is asked again, and
 * its answer decides.
 */
export function followSessionEnd(
  queryClient: QueryClient,
  forget: () => Promise<void>,
): () => void {
  const signedInHere = () => {
    const data = queryClient.getQueryData<Me | null>(sessionQueryOptions.queryKey);
    return Boolean(data) || dataOwner.get() !== null;
  };
  const end = () => {
    queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    dataOwner.set(null);
    activeEncounter.set(null);
    void forget().catch(() => undefined);
  };
  const stopHearing = onUnauthorized((path) => {
    if (!signedInHere()) return;
    if (accountSystemPath.test(path)) {
      void queryClient.query({ ...sessionQueryOptions, staleTime: 0 }).catch(() => undefined);
    } else end();
  });
  // Another tab learnt it (or signed out): the cookie they share is over here too.
  const stopFollowing = dataOwner.subscribe(() => {
    const shown = queryClient.getQueryData<Me | null>(sessionQueryOptions.queryKey);
    if (dataOwner.get() === null && shown) end();
  });
  return () => {
    stopHearing();
    stopFollowing();
  };
}
