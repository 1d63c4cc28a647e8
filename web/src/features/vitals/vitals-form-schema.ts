import * as z from 'zod/mini';
import { clinicMoment, isClinicDay, isClinicTime } from '@shared/clinic-time';
import { latinDigits } from '@shared/digits';
import { recordVitalsSchema, vitalMeasures, vitalRanges, type RecordVitals } from '@shared/vitals';

/** The form as typed: every measure as text, the time taken on the clinic's clock. */
export interface VitalsFormInput {
  id: string;
  heartRate: string;
  oxygenSaturation: string;
  weight: string;
  systolic: string;
  diastolic: string;
  /** `YYYY-MM-DDTHH:mm` in clinic time, the day and the time as their fields give them; empty is now. */
  takenAt: string;
}

export type VitalsFormField = Exclude<keyof VitalsFormInput, 'id'>;

/** A number as typed, in Latin or Devanagari digits; empty is none, anything else not a number. */
function typedNumber(text: string): number | undefined {
  const latin = latinDigits(text.trim()).replace(',', '.');
  if (latin === '') return undefined;
  return /^\d+(\.\d*)?$|^\.\d+$/.test(latin) ? Number(latin) : Number.NaN;
}

/** The clinic's wall time typed as a moment, or the text as it is when it is not one. */
function typedTakenAt(text: string): string | undefined {
  const trimmed = latinDigits(text.trim());
  // Neither a day nor a time: now, as an empty field is.
  if (trimmed === '' || trimmed === 'T') return undefined;
  const [day = '', time = ''] = trimmed.split('T');
  // "7:05" on the 24-hour clock is "07:05".
  const clock = time
    .trim()
    .replace(/^(\d):/, '0$1:')
    .slice(0, 5);
  if (!isClinicDay(day) || !isClinicTime(clock)) return trimmed;
  return clinicMoment(day, clock).toISOString();
}

/** The form's text as the reading the server takes, empty fields left out. */
export function readingOf(input: VitalsFormInput): Record<string, unknown> {
  const reading: Record<string, unknown> = { id: input.id };
  for (const measure of vitalMeasures) {
    const value = typedNumber(input[measure]);
    if (value !== undefined) reading[measure] = value;
  }
  const takenAt = typedTakenAt(input.takenAt);
  if (takenAt !== undefined) reading.takenAt = takenAt;
  return reading;
}

/** The form checked with the server's own schema, after reading the typed text. */
export const vitalsFormSchema = z.pipe(
  z.pipe(
    z.object({
      id: z.string(),
      heartRate: z.string(),
      oxygenSaturation: z.string(),
      weight: z.string(),
      systolic: z.string(),
      diastolic: z.string(),
      takenAt: z.string(),
    }),
    z.transform(readingOf),
  ),
  recordVitalsSchema,
);

export type VitalsMessageKey =
  | 'heartRateRange'
  | 'oxygenSaturationRange'
  | 'weightRange'
  | 'systolicRange'
  | 'diastolicRange'
  | 'wholeNumber'
  | 'notANumber'
  | 'oneDecimal'
  | 'atLeastOne'
  | 'bothPressures'
  | 'systolicAbove'
  | 'takenAtInvalid'
  | 'takenAtFuture'
  | 'takenAtPast';

const names = {
  heartRate: 'Heart rate',
  oxygenSaturation: 'Oxygen saturation',
  weight: 'Weight',
  systolic: 'Systolic',
  diastolic: 'Diastolic',
} as const;

/**
 * The English words of the shared schema (the server's too), each with its key under
 * `vitals.errors`, so a refusal from the form or the server is read in the user's language.
 */
const messageKeys = new Map<string, VitalsMessageKey>([
  ...vitalMeasures.flatMap((measure) => {
    const { min, max } = vitalRanges[measure];
    const name = names[measure];
    return [
      [`${name} must be between ${min} and ${max}`, `${measure}Range`],
      [`${name} must be a whole number`, 'wholeNumber'],
      [`${name} must be a number`, 'notANumber'],
    ] as [string, VitalsMessageKey][];
  }),
  ['Weight can have one decimal at most', 'oneDecimal'],
  ['Please enter at least one measurement', 'atLeastOne'],
  ['Please give both systolic and diastolic', 'bothPressures'],
  ['Systolic must be above diastolic', 'systolicAbove'],
  ['Give the time taken as an ISO 8601 time', 'takenAtInvalid'],
  ['The time taken cannot be in the future', 'takenAtFuture'],
  ['The time taken is too far in the past', 'takenAtPast'],
]);

export function vitalsMessageKey(message: string | undefined): VitalsMessageKey | null {
  return (message !== undefined && messageKeys.get(message)) || null;
}

/** Where a refusal is shown: under its field, or for the whole form. */
export function fieldOfIssue(path: readonly PropertyKey[]): VitalsFormField | 'root' {
  const [first] = path;
  return first === 'takenAt' || vitalMeasures.some((measure) => measure === first)
    ? (first as VitalsFormField)
    : 'root';
}

export type { RecordVitals };
