import { latinDigits } from '@shared/digits';
import {
  maxDoseAmount,
  maxPrescriptionDays,
  prescribeSchema,
  type DoseForm,
  type FoodRelation,
  type Prescribe,
  type TimeOfDay,
} from '@shared/medications';

/**
 * The form as typed: text fields, the dose's amount as typed and its form chosen, how it
 * goes with food, the times ticked, the start day as a date field gives it.
 */
export interface PrescribeFormInput {
  medicine: string;
  amount: string;
  form: DoseForm;
  food: FoodRelation;
  /** Empty is ongoing. */
  days: string;
  times: TimeOfDay[];
  startDay: string;
  note: string;
}

export type PrescribeFormField = keyof PrescribeFormInput;

/** The shared schema's English refusals, to their words in the prescribing strings. */
const messageKeys = {
  'Please enter the medicine': 'medicineRequired',
  'The medicine can be 120 characters at most': 'medicineTooLong',
  'Please enter the dose': 'amount',
  [`The amount must be a number more than 0 and at most ${maxDoseAmount}`]: 'amount',
  'Please choose the form of the dose': 'form',
  'Please choose how it goes with food': 'food',
  'Please choose at least one time of day': 'timesRequired',
  'Please choose a time of day': 'timesRequired',
  'Please choose each time of day once': 'timesOnce',
  [`Days must be a whole number from 1 to ${maxPrescriptionDays}`]: 'days',
  'The start date must be within a year of today': 'startDayRange',
  'Please give a date as YYYY-MM-DD': 'startDayInvalid',
  'The note can be 200 characters at most': 'noteTooLong',
} as const;

export type PrescribeMessageKey = (typeof messageKeys)[keyof typeof messageKeys];

/** The strings' key for one of the shared schema's refusals, or null for another message. */
export function prescribeMessageKey(message: string | undefined): PrescribeMessageKey | null {
  if (message === undefined || !Object.hasOwn(messageKeys, message)) return null;
  return messageKeys[message as keyof typeof messageKeys];
}

/** Days as typed, in Latin or Devanagari digits: empty is ongoing, anything else not a number. */
function typedDays(text: string): number | undefined {
  const latin = latinDigits(text.trim());
  if (latin === '') return undefined;
  return /^\d+$/.test(latin) ? Number(latin) : Number.NaN;
}

/** An amount as typed, in Latin or Devanagari digits, with a decimal point: else not a number. */
function typedAmount(text: string): number | undefined {
  const latin = latinDigits(text.trim()).replace(',', '.');
  if (latin === '') return undefined;
  return /^\d+(\.\d+)?$|^\.\d+$/.test(latin) ? Number(latin) : Number.NaN;
}

/** The form's fields a refusal belongs under, by the schema's path. */
export function fieldOfIssue(path: readonly PropertyKey[]): PrescribeFormField | 'root' {
  const [first, second] = path;
  if (first === 'dose') return second === 'form' ? 'form' : 'amount';
  const fields: readonly PrescribeFormField[] = [
    'medicine',
    'food',
    'days',
    'times',
    'startDay',
    'note',
  ];
  return fields.find((field) => field === first) ?? 'root';
}

/** The form checked with the server's own schema, under the prescription's id. */
export function checkPrescription(
  id: string,
  input: PrescribeFormInput,
): ReturnType<typeof prescribeSchema.safeParse> {
  const days = typedDays(input.days);
  const note = input.note.trim();
  const startDay = latinDigits(input.startDay.trim());
  const prescription: Record<string, unknown> = {
    id,
    medicine: input.medicine,
    dose: { amount: typedAmount(input.amount), form: input.form },
    times: input.times,
    food: input.food,
  };
  if (days !== undefined) prescription.days = days;
  if (note !== '') prescription.note = note;
  if (startDay !== '') prescription.startDay = startDay;
  return prescribeSchema.safeParse(prescription);
}

export type { Prescribe };
