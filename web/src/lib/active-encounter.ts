import { useSyncExternalStore } from 'react';

export type EncounterStatus = 'waiting' | 'in_progress' | 'ended';

export interface ActiveEncounter {
  id: string;
  status: EncounterStatus;
}

type Listener = () => void;

/**
 * The patient's visit in progress, kept for this page's life only (spec point 3,
 * session-only state). Nothing in the product starts one yet; when one is
 * waiting, the home shows "Live" and the camera button pulses.
 */
let current: ActiveEncounter | null = null;
const listeners = new Set<Listener>();

export const activeEncounter = {
  get: (): ActiveEncounter | null => current,
  set: (encounter: ActiveEncounter | null): void => {
    current = encounter;
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useActiveEncounter(): ActiveEncounter | null {
  return useSyncExternalStore(activeEncounter.subscribe, activeEncounter.get);
}

export function useDoctorIsWaiting(): boolean {
  return useActiveEncounter()?.status === 'waiting';
}
