import * as z from 'zod/mini';
import { recordIdSchema } from './record-id';
import { roleSchema } from './role';
import { vitalFlags, type VitalFlag } from './vital-flags';

/**
 * Vitals: one reading is what a person measured at one moment, any of heart rate, oxygen
 * saturation, weight and blood pressure. The form and the server check it with the same
 * schema; the server stores each measure as an observation with its standard code.
 */

/** The plausible range of each measure, inclusive; a value outside it is refused. */
export const vitalRanges = {
  /** Beats per minute. */
  heartRate: { min: 20, max: 250 },
  /** Percent, by pulse oximetry. */
  oxygenSaturation: { min: 50, max: 100 },
  /** Kilograms, to one decimal. */
  weight: { min: 0.5, max: 300 },
  /** mmHg. */
  systolic: { min: 50, max: 260 },
  /** mmHg. */
  diastolic: { min: 30, max: 160 },
} as const;

export type VitalMeasure = keyof typeof vitalRanges;

/** The measures in the order a reading lists them. */
export const vitalMeasures = Object.keys(vitalRanges) as VitalMeasure[];

/** Past these a reading tells the patient to contact the care team, and is flagged to doctors. */
export const vitalThresholds = {
  /** Oxygen saturation below this (%) is low. */
  lowOxygenBelow: 92,
  /** Systolic at or above this (mmHg) is high. */
  highSystolicFrom: 180,
  /** Diastolic at or above this (mmHg) is high. */
  highDiastolicFrom: 110,
  /** Heart rate below this (/min) is low. */
  lowHeartRateBelow: 40,
  /** Heart rate above this (/min) is high. */
  highHeartRateAbove: 130,
} as const;

export { vitalFlags, type VitalFlag } from './vital-flags';

/** How far ahead of the server's clock a reading's time may be: a phone's clock runs fast. */
export const takenAtLeewayMs = 5 * 60_000;

/** The earliest time a reading may be given as taken. */
export const earliestTakenAt = '1900-01-01T00:00:00Z';

/** The measures of one reading; at least one is given. */
export interface VitalValues {
  heartRate?: number | undefined;
  oxygenSaturation?: number | undefined;
  weight?: number | undefined;
  systolic?: number | undefined;
  diastolic?: number | undefined;
}

/** The thresholds a reading's values pass. */
export function flagsOf(values: VitalValues): VitalFlag[] {
  const t = vitalThresholds;
  const flags: VitalFlag[] = [];
  const { heartRate, oxygenSaturation, systolic, diastolic } = values;
  if (oxygenSaturation !== undefined && oxygenSaturation < t.lowOxygenBelow) {
    flags.push('low-oxygen');
  }
  if (
    (systolic !== undefined && systolic >= t.highSystolicFrom) ||
    (diastolic !== undefined && diastolic >= t.highDiastolicFrom)
  ) {
    flags.push('high-blood-pressure');
  }
  if (heartRate !== undefined && heartRate < t.lowHeartRateBelow) flags.push('low-heart-rate');
  if (heartRate !== undefined && heartRate > t.highHeartRateAbove) flags.push('high-heart-rate');
  return flags;
}

/** A whole number in the measure's range, with the words the person reads when it is not. */
function wholeMeasure(name: string, range: { min: number; max: number }) {
  const outside = `${name} must be between ${range.min} and ${range.max}`;
  return z.optional(
    z
      .int(`${name} must be a whole number`)
      .check(z.minimum(range.min, outside), z.maximum(range.max, outside)),
  );
}

const weightRange = vitalRanges.weight;
const weightOutside = `Weight must be between ${weightRange.min} and ${weightRange.max}`;

/** Whether a number has at most one decimal, as the person typed it. */
function hasOneDecimalAtMost(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

/** The time a reading was taken: ISO 8601 with its offset, not in the future. */
const takenAtSchema = z.iso
  .datetime({ offset: true, message: 'Give the time taken as an ISO 8601 time' })
  .check(
    z.refine(
      (text) => Date.parse(text) >= Date.parse(earliestTakenAt),
      'The time taken is too far in the past',
    ),
    z.refine(
      (text) => Date.parse(text) <= Date.now() + takenAtLeewayMs,
      'The time taken cannot be in the future',
    ),
  );

/**
 * `POST /api/patients/:patientId/vitals`: a reading, sent under an id of the device's (the
 * outbox's idempotency key). Any measures, at least one; systolic and diastolic together.
 * The time taken defaults to when the server receives it. Who records it is the caller.
 */
export const recordVitalsSchema = z
  .object({
    id: recordIdSchema('Invalid reading id'),
    takenAt: z.optional(takenAtSchema),
    heartRate: wholeMeasure('Heart rate', vitalRanges.heartRate),
    oxygenSaturation: wholeMeasure('Oxygen saturation', vitalRanges.oxygenSaturation),
    weight: z.optional(
      z
        .number('Weight must be a number')
        .check(
          z.minimum(weightRange.min, weightOutside),
          z.maximum(weightRange.max, weightOutside),
          z.refine(hasOneDecimalAtMost, 'Weight can have one decimal at most'),
        ),
    ),
    systolic: wholeMeasure('Systolic', vitalRanges.systolic),
    diastolic: wholeMeasure('Diastolic', vitalRanges.diastolic),
  })
  .check(
    z.refine(
      (reading) => vitalMeasures.some((measure) => reading[measure] !== undefined),
      'Please enter at least one measurement',
    ),
    z.refine(
      (reading) => (reading.systolic === undefined) === (reading.diastolic === undefined),
      'Please give both systolic and diastolic',
    ),
    z.refine(
      (reading) =>
        reading.systolic === undefined ||
        reading.diastolic === undefined ||
        reading.systolic > reading.diastolic,
      'Systolic must be above diastolic',
    ),
  );
export type RecordVitals = z.infer<typeof recordVitalsSchema>;

/** `GET /api/patients/:patientId/vitals?since=`: readings taken at or after `since`, else all. */
export const vitalsQuerySchema = z.object({
  since: z.optional(z.iso.datetime({ offset: true, message: 'Give the time as ISO 8601' })),
});
export type VitalsQuery = z.infer<typeof vitalsQuerySchema>;

/** The most readings one list answer carries, newest first. */
export const vitalsListLimit = 500;

/**
 * A stored reading. Who recorded it comes from the server's records: the account, its role
 * then, and the name on its profile (null when it has none). Times are ISO strings.
 */
export const vitalsReadingSchema = z.object({
  id: z.string(),
  takenAt: z.string(),
  recordedAt: z.string(),
  recordedBy: z.object({ id: z.string(), role: roleSchema, name: z.nullable(z.string()) }),
  heartRate: z.optional(z.number()),
  oxygenSaturation: z.optional(z.number()),
  weight: z.optional(z.number()),
  systolic: z.optional(z.number()),
  diastolic: z.optional(z.number()),
  flags: z.array(z.enum(vitalFlags)),
});
export type VitalsReading = z.infer<typeof vitalsReadingSchema>;

/** `GET /api/patients/:patientId/vitals`: newest first by the time taken. */
export const vitalsReadingListSchema = z.array(vitalsReadingSchema);

/** A measure's latest value, and when it was taken. */
export interface LatestMeasure {
  value: number;
  takenAt: string;
}

/** Each measure's latest reading among `readings`; a measure nobody recorded is absent. */
export interface LatestVitals {
  heartRate?: LatestMeasure;
  oxygenSaturation?: LatestMeasure;
  weight?: LatestMeasure;
  bloodPressure?: { systolic: number; diastolic: number; takenAt: string };
}

/** The latest of each measure, from readings in any order. */
export function latestVitals(readings: readonly VitalsReading[]): LatestVitals {
  const newestFirst = [...readings].sort((a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt));
  const latest: LatestVitals = {};
  for (const reading of newestFirst) {
    const { takenAt } = reading;
    for (const measure of ['heartRate', 'oxygenSaturation', 'weight'] as const) {
      const value = reading[measure];
      if (latest[measure] === undefined && value !== undefined)
        latest[measure] = { value, takenAt };
    }
    const { systolic, diastolic } = reading;
    if (!latest.bloodPressure && systolic !== undefined && diastolic !== undefined) {
      latest.bloodPressure = { systolic, diastolic, takenAt };
    }
  }
  return latest;
}
