import { useEffect } from 'react';
import { activeEncounter } from '@/lib/active-encounter';
import { useCurrentVisit } from './api/get-current-visit';

/**
 * Keeps the active encounter store in step with the server's answer for the patient's
 * open visit: it is refetched on every visit event and on each (re)connect of the stream,
 * and after a reload it comes back from the server.
 */
export function useActiveEncounterSync(enabled: boolean): void {
  const current = useCurrentVisit(enabled);
  const visit = current.data?.visit;
  const id = visit?.id;
  const status = visit?.status;
  useEffect(() => {
    if (!enabled) return;
    if (!current.isSuccess) return;
    const now = activeEncounter.get();
    if (id === undefined || status === undefined) {
      activeEncounter.set(null);
    } else if (now?.id !== id || now.status !== status) {
      activeEncounter.set({ id, status });
    }
  }, [enabled, current.isSuccess, id, status]);
}
