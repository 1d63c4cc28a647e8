import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { defaultRole, landingPathFor } from '@shared/role';
import { sessionQueryOptions } from '@/lib/session';

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
    navigate(landingPathFor(me?.role ?? defaultRole), { replace: true });
  }, [queryClient, navigate]);

  return { land, landing };
}
