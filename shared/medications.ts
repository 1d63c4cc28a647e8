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
 * `POST /api/patients/:patientId/medications`: a prescription, under an id of the client's
 * (a resend stores it once). The start day defaults to today in clinic time; without `days`
 * the medicine is ongoing. Who prescribes is the caller.
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
  dose: z
    .string('Please enter the dose')
    .check(
      z.trim(),
      z.minLength(1, 'Please enter the dose'),
      z.maxLength(60, 'The dose can be 60 characters at most'),
    ),
  times: z.array(timeOfDaySchema, 'Please choose at least one time of day').check(
    z.minLength(1, 'Please choose at least one time of day'),
    z.maxLength(timesOfDay.length, 'Please choose each time of day once'),
    z.refine(
      (times: readonly string[]) => new Set(times).size === times.length,
      'Please choose each time of day once',
    ),
  ),
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
  instruction: z.optional(
    z
      .string('Please write the instruction as text')
      .check(z.trim(), z.maxLength(200, 'The instruction can be 200 characters at most')),
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
 * A prescription as stored. `endDay` is its last day (null when ongoing); it is completed
 * once that day is over in clinic time. `adherence` counts its doses of the last 7 clinic
 * days up to today: taken, and missed (not taken once its time passed). Times are ISO strings.
 */
export const medicationSchema = z.object({
  id: z.string(),
  medicine: z.string(),
  dose: z.string(),
  times: z.array(timeOfDaySchema),
  startDay: z.string(),
  endDay: z.nullable(z.string()),
  instruction: z.nullable(z.string()),
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
  dose: z.string(),
  instruction: z.nullable(z.string()),
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
