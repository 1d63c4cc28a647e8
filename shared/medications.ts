import * as z from 'zod/mini';
import { addClinicDays, clinicDaySchema, clinicToday, type ClinicDay } from './clinic-time';
import { recordIdSchema } from './record-id';
import { roleSchema } from './role';
import { patientParamsSchema } from './patient-record';

/**
 * Medications: a doctor prescribes a medicine for a patient at set times of day, from a
 * start day for a number of days or ongoing, and may stop it with a reason; the patient
 * marks each dose taken. The forms and the server check them with the same schemas.
 */

/** The times of day a medicine is taken, in the order of the day. */
export const timesOfDay = ['morning', 'midday', 'evening', 'night'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/**
 * When each time of day's dose is due on the clinic's clock (`HH:mm`, clinic time): what the
 * web app shows beside it, and what reminders and "missed" go by.
 */
export const timeOfDayClock = {
  morning: '08:00',
  midday: '13:00',
  evening: '18:00',
  night: '21:00',
} as const satisfies Record<TimeOfDay, string>;

/** How far from today a start day may lie, back or ahead, in days. */
export const startDayReachDays = 365;

/** The most days a prescription runs for; without a number of days it is ongoing. */
export const maxPrescriptionDays = 365;

export const timeOfDaySchema = z.enum(timesOfDay, 'Please choose a time of day');

/** The day a prescription starts: a clinic day at most a year from today, either way. */
const startDaySchema = clinicDaySchema.check(
  z.refine((day: string) => {
    const today = clinicToday();
    return (
      day >= addClinicDays(today, -startDayReachDays) &&
      day <= addClinicDays(today, startDayReachDays)
    );
  }, 'The start date must be within a year of today'),
);

/**
 * The forms a dose is counted in (FHIR Dosage.doseAndRate.doseQuantity's unit): tablets,
 * capsules, millilitres, drops, puffs of an inhaler, and units (of insulin, say).
 */
export const doseForms = ['tablet', 'capsule', 'ml', 'drops', 'puffs', 'units'] as const;
export type DoseForm = (typeof doseForms)[number];

/**
 * How a dose goes with a meal: before, with or after food, or at any time. With the time of
 * day it is FHIR's event timing (`timing.repeat.when`): after food in the morning is PCM.
 */
export const foodRelations = ['before', 'with', 'after', 'any'] as const;
export type FoodRelation = (typeof foodRelations)[number];

/** The largest amount one dose may be, in its form. */
export const maxDoseAmount = 1000;

const amountMessage = `The amount must be a number more than 0 and at most ${maxDoseAmount}`;

/** One dose: an amount (up to two decimals: half a tablet, 2.5 ml) of a form. */
export const doseAmountSchema = z.object(
  {
    amount: z.number(amountMessage).check(
      z.positive(amountMessage),
      z.maximum(maxDoseAmount, amountMessage),
      z.refine(
        (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
        amountMessage,
      ),
    ),
    form: z.enum(doseForms, 'Please choose the form of the dose'),
  },
  'Please enter the dose',
);
export type DoseAmount = z.infer<typeof doseAmountSchema>;

export const foodRelationSchema = z.enum(foodRelations, 'Please choose how it goes with food');

/**
 * `POST /api/patients/:patientId/medications`: a prescription, under an id of the client's
 * (a resend stores it once): the medicine as the doctor writes it, a structured dose, its
 * times of day and how it goes with food (any time when left out), and a free note only as
 * an extra. The start day defaults to today in clinic time; without `days` the medicine is
 * ongoing. Who prescribes is the caller.
 */
export const prescribeSchema = z.object({
  id: recordIdSchema('Invalid prescription id'),
  medicine: z
    .string('Please enter the medicine')
    .check(
      z.trim(),
      z.minLength(1, 'Please enter the medicine'),
      z.maxLength(120, 'The medicine can be 120 characters at most'),
    ),
  dose: doseAmountSchema,
  times: z.array(timeOfDaySchema, 'Please choose at least one time of day').check(
    z.minLength(1, 'Please choose at least one time of day'),
    z.maxLength(timesOfDay.length, 'Please choose each time of day once'),
    z.refine(
      (times: readonly string[]) => new Set(times).size === times.length,
      'Please choose each time of day once',
    ),
  ),
  food: z.optional(foodRelationSchema),
  startDay: z.optional(startDaySchema),
  days: z.optional(
    z
      .int(`Days must be a whole number from 1 to ${maxPrescriptionDays}`)
      .check(
        z.minimum(1, `Days must be a whole number from 1 to ${maxPrescriptionDays}`),
        z.maximum(
          maxPrescriptionDays,
          `Days must be a whole number from 1 to ${maxPrescriptionDays}`,
        ),
      ),
  ),
  note: z.optional(
    z
      .string('Please write the note as text')
      .check(z.trim(), z.maxLength(200, 'The note can be 200 characters at most')),
  ),
});
export type Prescribe = z.infer<typeof prescribeSchema>;

/** `POST /api/patients/:patientId/medications/:medicationId/stop`: why it stops. */
export const stopMedicationSchema = z.object({
  reason: z
    .string('Please give a reason')
    .check(
      z.trim(),
      z.minLength(1, 'Please give a reason'),
      z.maxLength(200, 'The reason can be 200 characters at most'),
    ),
});
export type StopMedication = z.infer<typeof stopMedicationSchema>;

/** The patient and the prescription the path names. */
export const medicationParamsSchema = z.extend(patientParamsSchema, {
  medicationId: recordIdSchema('No such medication.'),
});

/** `GET /api/patients/:patientId/doses?day=`: the doses of that clinic day, else today's. */
export const dosesQuerySchema = z.object({ day: z.optional(clinicDaySchema) });
export type DosesQuery = z.infer<typeof dosesQuerySchema>;

/**
 * `POST /api/patients/:patientId/doses/taken`: one dose marked taken, under an id of the
 * client's (the outbox's key). The dose is the prescription's, on that clinic day, at that
 * time of day; it is recorded once however often it is sent.
 */
export const markDoseTakenSchema = z.object({
  id: recordIdSchema('Invalid dose id'),
  medicationId: recordIdSchema('No such medication.'),
  day: clinicDaySchema,
  timeOfDay: timeOfDaySchema,
});
export type MarkDoseTaken = z.infer<typeof markDoseTakenSchema>;

export const medicationStatuses = ['active', 'stopped', 'completed'] as const;
export type MedicationStatus = (typeof medicationStatuses)[number];

const personSchema = z.object({ id: z.string(), name: z.nullable(z.string()) });

/**
 * What a prescription says to take: the structured dose, how it goes with food, and the
 * doctor's note. `writtenDose` is a dose as first written in words, kept for a prescription
 * from before doses were structured whose words could not be read as one (`dose` is then null).
 */
const dosageFields = {
  dose: z.nullable(doseAmountSchema),
  writtenDose: z.nullable(z.string()),
  food: foodRelationSchema,
  note: z.nullable(z.string()),
};

/**
 * A prescription as stored. `endDay` is its last day (null when ongoing); it is completed
 * once that day is over in clinic time. `adherence` counts its doses of the last 7 clinic
 * days up to now: taken, and missed (not taken by the end of its grace, `lateGraceMinutes`).
 * A dose exists only from the moment the prescription starts: on the day it was written,
 * when that is its start day, from the moment it was written. Times are ISO strings.
 */
export const medicationSchema = z.object({
  id: z.string(),
  medicine: z.string(),
  ...dosageFields,
  times: z.array(timeOfDaySchema),
  startDay: z.string(),
  endDay: z.nullable(z.string()),
  status: z.enum(medicationStatuses),
  prescribedBy: personSchema,
  prescribedAt: z.string(),
  stopped: z.nullable(z.object({ at: z.string(), by: personSchema, reason: z.string() })),
  adherence: z.object({ taken: z.number(), missed: z.number() }),
});
export type Medication = z.infer<typeof medicationSchema>;

/** `GET /api/patients/:patientId/medications`: active ones first, then past ones. */
export const medicationListSchema = z.array(medicationSchema);

/** How many clinic days, up to today, adherence counts. */
export const adherenceDays = 7;

/**
 * One dose: a prescription's on a clinic day at a time of day, due `at` (that time on the
 * clinic's clock), and whether, when and by whom it was marked taken.
 */
export const doseSchema = z.object({
  medicationId: z.string(),
  medicine: z.string(),
  ...dosageFields,
  timeOfDay: timeOfDaySchema,
  day: z.string(),
  at: z.string(),
  taken: z.nullable(
    z.object({ at: z.string(), by: z.object({ id: z.string(), role: roleSchema }) }),
  ),
});
export type Dose = z.infer<typeof doseSchema>;

/** `GET /api/patients/:patientId/doses`: the day's doses in time order. */
export const doseListSchema = z.array(doseSchema);

/** The last day of a prescription of `days` days from `startDay`; null when ongoing. */
export function endDayOf(startDay: ClinicDay, days: number | null | undefined): ClinicDay | null {
  return days === null || days === undefined ? null : addClinicDays(startDay, days - 1);
}

/**
 * How long after its time a dose not taken is late rather than missed, in minutes: two hours
 * (a morning dose of 08:00 is late until 10:00, then missed).
 */
export const lateGraceMinutes = 120;

/** Where a dose stands at a moment: taken, not due yet, late (within the grace) or missed. */
export type DoseState = 'taken' | 'upcoming' | 'late' | 'missed';

/** The state of a dose due `at` (taken or not) at the moment `now`. */
export function doseStateAt(at: Date | string, taken: boolean, now: Date | number): DoseState {
  if (taken) return 'taken';
  const due = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const time = typeof now === 'number' ? now : now.getTime();
  if (time < due) return 'upcoming';
  return time < due + lateGraceMinutes * 60_000 ? 'late' : 'missed';
}

/**
 * The event timing code (FHIR `timing.repeat.when`) of a dose at a time of day with its
 * relation to food: the morning's meal is breakfast (ACM, CM, PCM), midday's lunch (ACD, CD,
 * PCD), the evening's and night's dinner (ACV, CV, PCV); without one, MORN, NOON, EVE, or HS
 * (before sleep) at night.
 */
export function eventTimingOf(time: TimeOfDay, food: FoodRelation): string {
  const meal = { morning: 'M', midday: 'D', evening: 'V', night: 'V' }[time];
  if (food === 'before') return `AC${meal}`;
  if (food === 'with') return `C${meal}`;
  if (food === 'after') return `PC${meal}`;
  return { morning: 'MORN', midday: 'NOON', evening: 'EVE', night: 'HS' }[time];
}
