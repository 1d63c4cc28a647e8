import type { Schedule, Slot } from 'fhir/r4';

/** A doctor's free slot, as the appointments service finds it. */
export interface FreeSlot {
  doctorId: string;
  start: Date;
  end: Date;
}

/** The days a patient may book on, from the first moment of the first to the end of the last. */
export interface Horizon {
  start: Date;
  end: Date;
}

/**
 * A doctor's hours as FHIR R4 has them: one Schedule per doctor who keeps hours, named by the
 * doctor's id, its horizon the days one may book on.
 */
export function scheduleResource(doctorId: string, horizon: Horizon): Schedule {
  return {
    resourceType: 'Schedule',
    id: doctorId,
    active: true,
    actor: [{ reference: `Practitioner/${doctorId}` }],
    planningHorizon: { start: horizon.start.toISOString(), end: horizon.end.toISOString() },
  };
}

const compact = (moment: Date) => moment.toISOString().slice(0, 16).replace(/[-:T]/g, '');

/** A slot's id: its doctor's schedule and its start to the minute (`<doctor>.<YYYYMMDDhhmm>` UTC). */
export function slotId(slot: FreeSlot): string {
  return `${slot.doctorId}.${compact(slot.start)}`;
}

/** The doctor and the start a slot's id names, or null when it names none. */
export function slotOfId(id: string): { doctorId: string; start: Date } | null {
  const match = /^(.+)\.(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(id);
  if (!match) return null;
  const [, doctorId = '', year, month, day, hours, minutes] = match;
  const start = new Date(`${year}-${month}-${day}T${hours}:${minutes}:00Z`);
  return Number.isNaN(start.getTime()) ? null : { doctorId, start };
}

/** A free slot as FHIR R4 has it: of the doctor's Schedule, from its start to its end. */
export function slotResource(slot: FreeSlot): Slot {
  return {
    resourceType: 'Slot',
    id: slotId(slot),
    schedule: { reference: `Schedule/${slot.doctorId}` },
    status: 'free',
    start: slot.start.toISOString(),
    end: slot.end.toISOString(),
  };
}
