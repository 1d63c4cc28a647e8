import { lastBookableDay, minutesOfDay, type Slot, type WorkingDay } from '@shared/appointments';
import {
  addClinicDays,
  clinicDayOf,
  clinicMoment,
  clinicTimeOf,
  clinicToday,
  clinicWeekday,
  type ClinicDay,
  type ClinicTime,
} from '@shared/clinic-time';

/** What the free slots are made from: a doctor's saved hours (a FHIR `Schedule`). */
export interface Hours {
  slotMinutes: number;
  week: readonly WorkingDay[];
  /** Single days off, clinic days `YYYY-MM-DD`. */
  daysOff: ReadonlySet<ClinicDay>;
}

/** What is already decided when slots are asked for. */
export interface SlotContext {
  /** The moment of asking: only slots starting after it are free. */
  now: number;
  /** Starts (epoch milliseconds) of the doctor's appointments that hold their slot. */
  taken: ReadonlySet<number>;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A clinic time from minutes since the clinic's midnight. */
function timeOfMinutes(minutes: number): ClinicTime {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * Every slot of the doctor's working day `day`, taken or not, past or not, on the clinic's
 * clock: from the day's start, one every `slotMinutes`, each ending by the day's end. None on
 * a weekday not worked or a day off.
 */
export function slotGrid(hours: Hours, day: ClinicDay): Slot[] {
  if (hours.daysOff.has(day)) return [];
  const weekday = clinicWeekday(day);
  const working = hours.week.find((span) => span.weekday === weekday);
  if (!working || hours.slotMinutes <= 0) return [];
  const start = minutesOfDay(working.start);
  const end = minutesOfDay(working.end);
  // The zone's offset is read at the span's two ends: when it is the same (always, for
  // Nepal today), the slots between lie the wall clock's minutes apart, and only the ends
  // need the zone's rules. Otherwise each slot asks them itself.
  const first = clinicMoment(day, working.start).getTime();
  const last = clinicMoment(day, working.end).getTime();
  const steady = last - first === (end - start) * 60_000;
  const slots: Slot[] = [];
  for (let minute = start; minute + hours.slotMinutes <= end; minute += hours.slotMinutes) {
    const time = timeOfMinutes(minute);
    const at = steady ? new Date(first + (minute - start) * 60_000) : clinicMoment(day, time);
    slots.push({ startsAt: at.toISOString(), time });
  }
  return slots;
}

/** The free slots of `day`: on the grid, starting after now, and not taken. */
export function freeSlots(hours: Hours, day: ClinicDay, context: SlotContext): Slot[] {
  return slotGrid(hours, day).filter((slot) => {
    const start = Date.parse(slot.startsAt);
    return start > context.now && !context.taken.has(start);
  });
}

/** The clinic days a patient may book on at `now`: today and the horizon after it. */
export function bookableDays(now: number): ClinicDay[] {
  const today = clinicToday(now);
  const last = lastBookableDay(today);
  const days: ClinicDay[] = [];
  for (let day = today; day <= last; day = addClinicDays(day, 1)) days.push(day);
  return days;
}

/** Why a start is not a slot one may book, or null when it is one (taken or not). */
export type SlotRefusal = 'past' | 'beyond-horizon' | 'not-offered';

/**
 * Whether `startsAt` is a slot of the doctor's hours a patient may book at `now`: in the
 * future, within the booking horizon, on a working day that is not a day off, on the slot
 * grid and ending by the day's end. Whether it is taken is the database's to say.
 */
export function refusalOf(hours: Hours, startsAt: Date, now: number): SlotRefusal | null {
  if (startsAt.getTime() <= now) return 'past';
  const day = clinicDayOf(startsAt);
  if (day > lastBookableDay(clinicToday(now))) return 'beyond-horizon';
  const time = clinicTimeOf(startsAt);
  const onGrid = slotGrid(hours, day).some(
    (slot) => slot.time === time && Date.parse(slot.startsAt) === startsAt.getTime(),
  );
  return onGrid ? null : 'not-offered';
}
