import { createStore, useStore } from './create-store';

export type EncounterStatus = 'waiting' | 'in_progress' | 'ended';

export interface ActiveEncounter {
  id: string;
  status: EncounterStatus;
}

/**
 * The patient's visit in progress, kept for this page's life only. Nothing in the product starts one yet; when one is
 * waiting, the home shows "Live" and the camera button pulses.
 */
export const activeEncounter = createStore<ActiveEncounter | null>(null);

export function useActiveEncounter(): ActiveEncounter | null {
  return useStore(activeEncounter);
}

export function useDoctorIsWaiting(): boolean {
  return useActiveEncounter()?.status === 'waiting';
}
