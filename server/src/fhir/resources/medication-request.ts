import type { Dosage, MedicationRequest, Quantity, TimingRepeat } from 'fhir/r4';
import {
  eventTimingOf,
  foodRelationSchema,
  timeOfDaySchema,
  type DoseForm,
  type FoodRelation,
} from '@shared/medications';
import { lastUpdatedOf, patientReference, type RecordRow } from './references';

/** A prescription, as the FHIR API reads it (`medication_requests`). */
export interface MedicationRequestRow extends RecordRow {
  prescriberId: string;
  medicine: string;
  /** A dose in words, written before doses were structured (then the amount is null). */
  dose: string | null;
  doseAmount: number | null;
  doseForm: string | null;
  food: string;
  times: string[];
  /** The clinic day of its first dose, `YYYY-MM-DD`. */
  startDay: string;
  /** The clinic day after its last dose, or null while ongoing. */
  endDay: string | null;
  note: string | null;
  stopReason: string | null;
}

/**
 * Each form's unit in UCUM: millilitres and international units as they are, drops as UCUM's
 * drop, and the forms counted by the piece as UCUM annotations (`{tablet}`: one, a tablet).
 */
const doseUnits = {
  tablet: { unit: 'tablet', code: '{tablet}' },
  capsule: { unit: 'capsule', code: '{capsule}' },
  ml: { unit: 'mL', code: 'mL' },
  drops: { unit: 'drop', code: '[drp]' },
  puffs: { unit: 'puff', code: '{puff}' },
  units: { unit: 'unit', code: '[IU]' },
} as const satisfies Record<DoseForm, { unit: string; code: string }>;

/** The English of a form, for the dosage's text. */
const formWords = {
  tablet: ['tablet', 'tablets'],
  capsule: ['capsule', 'capsules'],
  ml: ['ml', 'ml'],
  drops: ['drop', 'drops'],
  puffs: ['puff', 'puffs'],
  units: ['unit', 'units'],
} as const satisfies Record<DoseForm, readonly [string, string]>;

const foodWords = {
  before: 'before food',
  with: 'with food',
  after: 'after food',
  any: null,
} as const satisfies Record<FoodRelation, string | null>;

function doseQuantityOf(row: MedicationRequestRow): Quantity | null {
  if (row.doseAmount === null || row.doseForm === null || !(row.doseForm in doseUnits)) {
    return null;
  }
  const { unit, code } = doseUnits[row.doseForm as DoseForm];
  return { value: row.doseAmount, unit, system: 'http://unitsofmeasure.org', code };
}

/** The dosage in English words: "1 tablet, morning and night, after food". */
function dosageText(row: MedicationRequestRow, food: FoodRelation): string {
  const form = row.doseForm as DoseForm | null;
  const dose =
    row.doseAmount !== null && form !== null && form in formWords
      ? `${row.doseAmount} ${formWords[form][row.doseAmount === 1 ? 0 : 1]}`
      : row.dose;
  return [dose, row.times.join(' and '), foodWords[food], row.note].filter(Boolean).join(', ');
}

/**
 * A prescription as FHIR R4 has it: an order for the medicine (as the doctor wrote it), the
 * dose as a quantity (`doseAndRate`), at its times of day with their relation to food as
 * event timing codes (`timing.repeat.when`: PCM is after breakfast, HS before sleep) from its
 * first day to its last (none while ongoing), the doctor's note, who prescribed it and when;
 * stopped ones with the reason given.
 */
export function medicationRequestResource(row: MedicationRequestRow): MedicationRequest {
  const food = foodRelationSchema.safeParse(row.food).data ?? 'any';
  const when = [
    ...new Set(
      row.times.flatMap((time) => {
        const timeOfDay = timeOfDaySchema.safeParse(time).data;
        return timeOfDay ? [eventTimingOf(timeOfDay, food)] : [];
      }),
    ),
  ] as NonNullable<TimingRepeat['when']>;
  const doseQuantity = doseQuantityOf(row);
  const dosage: Dosage = {
    text: dosageText(row, food),
    ...(row.note ? { patientInstruction: row.note } : {}),
    timing: {
      repeat: {
        boundsPeriod: { start: row.startDay, ...(row.endDay ? { end: row.endDay } : {}) },
        ...(when.length > 0 ? { when } : {}),
      },
    },
    ...(doseQuantity ? { doseAndRate: [{ doseQuantity }] } : {}),
  };
  return {
    resourceType: 'MedicationRequest',
    id: row.id,
    ...lastUpdatedOf(row),
    status: row.status as MedicationRequest['status'],
    intent: 'order',
    medicationCodeableConcept: { text: row.medicine },
    subject: patientReference(row.patientId),
    authoredOn: row.at.toISOString(),
    requester: { reference: `Practitioner/${row.prescriberId}` },
    ...(row.stopReason ? { statusReason: { text: row.stopReason } } : {}),
    dosageInstruction: [dosage],
  };
}
