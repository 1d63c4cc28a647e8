import { latinDigits } from '@shared/digits';
import {
  maxPrescriptionDays,
  prescribeSchema,
  type Prescribe,
  type TimeOfDay,
} from '@shared/medications';

/** The form as typed: text fields, the times ticked, the start day as a date field gives it. */
export interface PrescribeFormInput {
  medicine: string;
  dose: string;
  /** Empty is ongoing. */
  days: string;
  times: TimeOfDay[];
  startDay: string;
  instruction: string;
}

export type PrescribeFormField = keyof PrescribeFormInput;

/** The shared schema's English refusals, to their words in the prescribing strings. */
const messageKeys = {
  'Please enter the medicine': 'medicineRequired',
  'The medicine can be 120 characters at most': 'medicineTooLong',
  'Please enter the dose': 'doseRequired',
  'The dose can be 60 characters at most': 'doseTooLong',
  'Please choose at least one time of day': 'timesRequired',
  'Please choose a time of day': 'timesRequired',
  'Please choose each time of day once': 'timesOnce',
  [`Days must be a whole number from 1 to ${maxPrescriptionDays}`]: 'days',
  'The start date must be within a year of today': 'startDayRange',
  'Please give a date as YYYY-MM-DD': 'startDayInvalid',
  'The instruction can be 200 characters at most': 'instructionTooLong',
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

/** The form's fields a refusal belongs under, by the schema's path. */
export function fieldOfIssue(path: readonly PropertyKey[]): PrescribeFormField | 'root' {
  const [first] = path;
  const fields: readonly PrescribeFormField[] = [
    'medicine',
    'dose',
    'days',
    'times',
    'startDay',
    'instruction',
  ];
  return fields.find((field) => field === first) ?? 'root';
}

/** The form checked with the server's own schema, under the prescription's id. */
export function checkPrescription(
  id: string,
  input: PrescribeFormInput,
): ReturnType<typeof prescribeSchema.safeParse> {
  const days = typedDays(input.days);
  const instruction = input.instruction.trim();
  const startDay = latinDigits(input.startDay.trim());
  const prescription: Record<string, unknown> = {
    id,
    medicine: input.medicine,
    dose: input.dose,
    times: input.times,
  };
  if (days !== undefined) prescription.days = days;
  if (instruction !== '') prescription.instruction = instruction;
  if (startDay !== '') prescription.startDay = startDay;
  return prescribeSchema.safeParse(prescription);
}

export type { Prescribe };
