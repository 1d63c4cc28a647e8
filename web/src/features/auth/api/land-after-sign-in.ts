import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { defaultRole, landingPathFor } from '@shared/role';
import { sessionQueryOptions } from '@/lib/session';

/**
 * Where a sign-in page was asked to lead back to (`?next=`): only an invitation's page of
 * this app, never another site or any other path.
 */
export function nextAfterSignIn(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next !== null && /^\/care-invitation\/[A-Za-z2-7]+$/.test(next) ? next : null;
}

/**
 * After any successful sign-in: reload who is signed in, then go where their role
 * lands. `landing` stays true from then on, so the page that signed
 * in does not also treat the new session as "already signed in".
 */
export function useLandAfterSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [landing, setLanding] = useState(false);

  const land = useCallback(async () => {
    setLanding(true);
    await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    const me = await queryClient.query(sessionQueryOptions);
    const next = nextAfterSignIn(window.location.search);
    navigate(next ?? landingPathFor(me?.role ?? defaultRole), { replace: true });
  }, [queryClient, navigate]);

  return { land, landing };
}
