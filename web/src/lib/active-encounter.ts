import type { VisitStatus } from '@shared/visits';
import { createStore, useStore } from './create-store';

export interface ActiveEncounter {
  id: string;
  status: VisitStatus;
}

/**
 * The patient's open visit, as the server last told it (`GET /api/visits/current`, read
 * again on every visit event), so it comes back after a reload. Logging out resets it.
 */
export const activeEncounter = createStore<ActiveEncounter | null>(null);

export function useActiveEncounter(): ActiveEncounter | null {
  return useStore(activeEncounter);
}

/**
 * A doctor is in the patient's visit and the patient can join it: the doctor has started it,
 * or both were in and the patient may come back. The call screen itself hides the prompts.
 */
export function useDoctorIsWaiting(): boolean {
  const status = useActiveEncounter()?.status;
  return status === 'waiting' || status === 'in_progress';
}
