import type { VitalValues } from '@shared/vitals';

/**
 * How each vital is stored: a FHIR R4 Observation per measure, coded in LOINC with its unit
 * in UCUM, and blood pressure as the one panel with its two components. The only place
 * these codes are written down; a later FHIR API maps the rows with the same table.
 */
export const vitalCodes = {
  heartRate: { code: '8867-4', display: 'Heart rate', unit: '/min' },
  oxygenSaturation: {
    code: '59408-5',
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
    unit: '%',
  },
  weight: { code: '29463-7', display: 'Body weight', unit: 'kg' },
  bloodPressure: {
    code: '85354-9',
    display: 'Blood pressure panel with all children optional',
    systolic: { code: '8480-6', display: 'Systolic blood pressure', unit: 'mm[Hg]' },
    diastolic: { code: '8462-4', display: 'Diastolic blood pressure', unit: 'mm[Hg]' },
  },
} as const;

/** A component of a panel, as its `components` column holds it. */
export interface ObservationComponent {
  code: string;
  value: number;
  unit: string;
}

/** A panel's `components` column as stored (JSON, values maybe as text), or null. */
export function componentsOf(stored: unknown): ObservationComponent[] | null {
  if (!Array.isArray(stored)) return null;
  return (stored as { code: string; value: number | string; unit: string }[]).map((part) => ({
    code: part.code,
    value: Number(part.value),
    unit: part.unit,
  }));
}

/** One observation of a reading, as its row holds it. */
export interface ObservationValue {
  code: string;
  value: number | null;
  unit: string | null;
  components: ObservationComponent[] | null;
}

/** The measures that are a single value with a unit of their own. */
const singleMeasures = ['heartRate', 'oxygenSaturation', 'weight'] as const;

/** A reading's values as observations: one per measure given, the blood pressure as a panel. */
export function observationsOf(values: VitalValues): ObservationValue[] {
  const list: ObservationValue[] = [];
  for (const measure of singleMeasures) {
    const value = values[measure];
    if (value === undefined) continue;
    const { code, unit } = vitalCodes[measure];
    list.push({ code, value, unit, components: null });
  }
  const { systolic, diastolic } = values;
  if (systolic !== undefined && diastolic !== undefined) {
    const panel = vitalCodes.bloodPressure;
    list.push({
      code: panel.code,
      value: null,
      unit: null,
      components: [
        { code: panel.systolic.code, value: systolic, unit: panel.systolic.unit },
        { code: panel.diastolic.code, value: diastolic, unit: panel.diastolic.unit },
      ],
    });
  }
  return list;
}

/** A reading's values from its observations; codes it does not know are left out. */
export function valuesOf(observations: readonly ObservationValue[]): VitalValues {
  const values: VitalValues = {};
  for (const observation of observations) {
    const measure = singleMeasures.find((name) => vitalCodes[name].code === observation.code);
    if (measure !== undefined && observation.value !== null) {
      values[measure] = observation.value;
      continue;
    }
    if (observation.code !== vitalCodes.bloodPressure.code) continue;
    const component = (code: string) =>
      observation.components?.find((part) => part.code === code)?.value;
    const systolic = component(vitalCodes.bloodPressure.systolic.code);
    const diastolic = component(vitalCodes.bloodPressure.diastolic.code);
    if (systolic !== undefined) values.systolic = systolic;
    if (diastolic !== undefined) values.diastolic = diastolic;
  }
  return values;
}

/** Observations gathered into the readings they belong to, in the order each reading is first met. */
export function groupedByReading<T>(
  observations: readonly T[],
  readingOf: (observation: T) => string,
): T[][] {
  const byReading = new Map<string, T[]>();
  for (const observation of observations) {
    const reading = readingOf(observation);
    const list = byReading.get(reading);
    if (list) list.push(observation);
    else byReading.set(reading, [observation]);
  }
  return [...byReading.values()];
}
