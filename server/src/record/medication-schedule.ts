import {
  addClinicDays,
  clinicDayOf,
  clinicDayStart,
  clinicMoment,
  clinicToday,
  type ClinicDay,
} from '@shared/clinic-time';
import {
  adherenceDays,
  doseStateAt,
  endDayOf,
  timeOfDayClock,
  timesOfDay,
  type Dose,
  type DoseAmount,
  type FoodRelation,
  type Medication,
  type MedicationStatus,
  type TimeOfDay,
} from '@shared/medications';
import type { Role } from '@shared/role';

/**
 * When a prescription's doses are due, and what became of them: the rules, apart from the
 * database and the clock (the service hands in `now`). Every day and time is the clinic's.
 */

export interface Person {
  id: string;
  name: string | null;
}

/** A prescription as stored, with its prescriber's and stopper's names. */
export interface Prescription {
  id: string;
  patientId: string;
  medicine: string;
  /** Null only for a dose written in words before doses were structured (`writtenDose`). */
  dose: DoseAmount | null;
  writtenDose: string | null;
  food: FoodRelation;
  /** In the order of the day. */
  times: TimeOfDay[];
  startDay: ClinicDay;
  /** How many days from the start; null: ongoing. */
  days: number | null;
  note: string | null;
  prescribedBy: Person;
  prescribedAt: Date;
  stopped: { at: Date; by: Person; reason: string } | null;
}

/** A dose marked taken: one MedicationAdministration. */
export interface TakenDose {
  id: string;
  medicationId: string;
  day: ClinicDay;
  timeOfDay: TimeOfDay;
  at: Date;
  by: { id: string; role: Role };
}

/** The times of day given, each once, in the order of the day. */
export function inDayOrder(times: readonly TimeOfDay[]): TimeOfDay[] {
  return timesOfDay.filter((time) => times.includes(time));
}

/** The moment a dose is due: its time of day on the clinic's clock on its day. */
export function doseMoment(day: ClinicDay, timeOfDay: TimeOfDay): Date {
  return clinicMoment(day, timeOfDayClock[timeOfDay]);
}

/** The prescription's last day; null when ongoing. */
export function endDayOfPrescription(prescription: Prescription): ClinicDay | null {
  return endDayOf(prescription.startDay, prescription.days);
}

/**
 * The moment the prescription starts: the start of its start day, but on the day it was
 * written, when it starts that day, the moment it was written. A dose due before it never
 * existed: a morning medicine prescribed at 19:45 for today has its first dose tomorrow.
 */
export function startMoment(prescription: Pick<Prescription, 'startDay' | 'prescribedAt'>): Date {
  return prescription.startDay === clinicDayOf(prescription.prescribedAt)
    ? prescription.prescribedAt
    : clinicDayStart(prescription.startDay);
}

/** Why the prescription has no dose on that day at that time of day, or null when it has one. */
export function whyNoDose(
  prescription: Prescription,
  day: ClinicDay,
  timeOfDay: TimeOfDay,
): 'not-prescribed' | 'before-start' | 'after-end' | 'after-stop' | null {
  if (!prescription.times.includes(timeOfDay)) return 'not-prescribed';
  if (day < prescription.startDay) return 'before-start';
  if (doseMoment(day, timeOfDay) < startMoment(prescription)) return 'before-start';
  const endDay = endDayOfPrescription(prescription);
  if (endDay !== null && day > endDay) return 'after-end';
  const { stopped } = prescription;
  if (stopped !== null && doseMoment(day, timeOfDay) >= stopped.at) return 'after-stop';
  return null;
}

/** The times of day the prescription has a dose on that day, in the order of the day. */
export function doseTimesOn(prescription: Prescription, day: ClinicDay): TimeOfDay[] {
  return prescription.times.filter((time) => whyNoDose(prescription, day, time) === null);
}

/** Active until stopped, or until its last day is over (completed). */
export function statusOf(prescription: Prescription, now: Date): MedicationStatus {
  if (prescription.stopped !== null) return 'stopped';
  const endDay = endDayOfPrescription(prescription);
  return endDay !== null && clinicToday(now) > endDay ? 'completed' : 'active';
}

const doseKey = (medicationId: string, day: ClinicDay, timeOfDay: TimeOfDay) =>
  `${medicationId} ${day} ${timeOfDay}`;

/** The doses taken, found by prescription, day and time of day. */
export function takenIndex(taken: readonly TakenDose[]) {
  const byDose = new Map(
    taken.map((dose) => [doseKey(dose.medicationId, dose.day, dose.timeOfDay), dose]),
  );
  return (medicationId: string, day: ClinicDay, timeOfDay: TimeOfDay) =>
    byDose.get(doseKey(medicationId, day, timeOfDay)) ?? null;
}
export type TakenLookup = ReturnType<typeof takenIndex>;

/** The clinic days adherence counts, oldest first: the last 7 up to today. */
export function adherenceWindow(now: Date): { from: ClinicDay; to: ClinicDay } {
  const today = clinicToday(now);
  return { from: addClinicDays(today, 1 - adherenceDays), to: today };
}

/**
 * The prescription's doses of the last 7 clinic days up to today: taken, and missed (not
 * taken by the end of its grace, `lateGraceMinutes`). A dose not yet due, or late within its
 * grace, is neither. Doses before its start, after its end or after it was stopped are no doses.
 */
export function adherenceOf(
  prescription: Prescription,
  takenOf: TakenLookup,
  now: Date,
): { taken: number; missed: number } {
  const { from } = adherenceWindow(now);
  let taken = 0;
  let missed = 0;
  for (let offset = 0; offset < adherenceDays; offset += 1) {
    const day = addClinicDays(from, offset);
    for (const time of doseTimesOn(prescription, day)) {
      if (takenOf(prescription.id, day, time) !== null) taken += 1;
      else if (doseStateAt(doseMoment(day, time), false, now) === 'missed') missed += 1;
    }
  }
  return { taken, missed };
}

/** What the prescription says to take, as the API answers it. */
function dosageOf(
  prescription: Prescription,
): Pick<Dose, 'dose' | 'writtenDose' | 'food' | 'note'> {
  return {
    dose: prescription.dose,
    writtenDose: prescription.writtenDose,
    food: prescription.food,
    note: prescription.note,
  };
}

/** The prescription as the API answers it. */
export function medicationOf(
  prescription: Prescription,
  takenOf: TakenLookup,
  now: Date,
): Medication {
  const { stopped } = prescription;
  return {
    id: prescription.id,
    medicine: prescription.medicine,
    ...dosageOf(prescription),
    times: prescription.times,
    startDay: prescription.startDay,
    endDay: endDayOfPrescription(prescription),
    status: statusOf(prescription, now),
    prescribedBy: prescription.prescribedBy,
    prescribedAt: prescription.prescribedAt.toISOString(),
    stopped:
      stopped === null
        ? null
        : { at: stopped.at.toISOString(), by: stopped.by, reason: stopped.reason },
    adherence: adherenceOf(prescription, takenOf, now),
  };
}

/** Active ones first, then past ones; each group as given (newest prescribed first). */
export function activeFirst(medications: readonly Medication[]): Medication[] {
  return [
    ...medications.filter((medication) => medication.status === 'active'),
    ...medications.filter((medication) => medication.status !== 'active'),
  ];
}

/** One dose as the API answers it, with what was taken. */
export function doseOf(
  prescription: Prescription,
  day: ClinicDay,
  timeOfDay: TimeOfDay,
  taken: TakenDose | null,
): Dose {
  return {
    medicationId: prescription.id,
    medicine: prescription.medicine,
    ...dosageOf(prescription),
    timeOfDay,
    day,
    at: doseMoment(day, timeOfDay).toISOString(),
    taken: taken === null ? null : { at: taken.at.toISOString(), by: taken.by },
  };
}

/**
 * The day's doses of the prescriptions, in time order (prescriptions in the order given). A
 * stopped medicine is not to be taken any more: of its doses only those already taken are
 * listed, though one not taken before the stop still counts as missed in its adherence.
 */
export function dosesOn(
  prescriptions: readonly Prescription[],
  day: ClinicDay,
  takenOf: TakenLookup,
): Dose[] {
  return timesOfDay.flatMap((time) =>
    prescriptions.flatMap((prescription) => {
      if (!doseTimesOn(prescription, day).includes(time)) return [];
      const taken = takenOf(prescription.id, day, time);
      if (prescription.stopped !== null && taken === null) return [];
      return [doseOf(prescription, day, time, taken)];
    }),
  );
}
