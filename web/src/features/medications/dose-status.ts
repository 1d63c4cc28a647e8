import type { Dose, MarkDoseTaken } from '@shared/medications';

/** One dose as the home shows it: taken when the server has it or the device holds the press. */
export interface DueDose {
  /** The prescription, day and time of day: one dose, whoever marked it. */
  key: string;
  medicationId: string;
  medicine: string;
  dose: Dose['dose'];
  writtenDose: string | null;
  food: Dose['food'];
  note: string | null;
  timeOfDay: Dose['timeOfDay'];
  day: string;
  /** When it is due, an ISO moment (shown on the clinic's clock). */
  at: string;
  taken: boolean;
  /** A press the server refused for good: not taken, and "Taken" may be pressed again. */
  refused: boolean;
}

export function doseKey(dose: Pick<Dose, 'medicationId' | 'day' | 'timeOfDay'>): string {
  return `${dose.medicationId}:${dose.day}:${dose.timeOfDay}`;
}

/**
 * The day's doses in time order (by medicine within one time), each taken when the server
 * recorded it, when a press waits on this device to be sent, or when it was just pressed; a
 * press the server refused for good leaves it untaken, marked refused.
 */
export function dueDoses(
  doses: readonly Dose[],
  waiting: readonly Pick<MarkDoseTaken, 'medicationId' | 'day' | 'timeOfDay'>[],
  pressed: ReadonlySet<string> = new Set(),
  refused: readonly Pick<MarkDoseTaken, 'medicationId' | 'day' | 'timeOfDay'>[] = [],
): DueDose[] {
  const held = new Set([...waiting.map(doseKey), ...pressed]);
  const turnedDown = new Set(refused.map(doseKey));
  return [...doses]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.medicine.localeCompare(b.medicine))
    .map((dose) => {
      const key = doseKey(dose);
      return {
        key,
        medicationId: dose.medicationId,
        medicine: dose.medicine,
        dose: dose.dose,
        writtenDose: dose.writtenDose,
        food: dose.food,
        note: dose.note,
        timeOfDay: dose.timeOfDay,
        day: dose.day,
        at: dose.at,
        taken: dose.taken !== null || held.has(key),
        refused: dose.taken === null && !held.has(key) && turnedDown.has(key),
      };
    });
}
