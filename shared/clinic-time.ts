import * as z from 'zod/mini';

/**
 * Clinic time: days, times and slots are counted in the clinic's zone, whatever the zone of
 * the server or of the phone. A clinic day is written `YYYY-MM-DD` and a clinic time of day
 * `HH:mm` (24-hour, "07:30"); a moment is a `Date`, epoch milliseconds or an ISO string.
 *
 * Nepal keeps no daylight saving today, but the zone's offset has changed before (UTC+5:30
 * until 1986). So nothing here adds 5:45 by hand: every conversion asks `Intl` for the
 * zone's wall clock at that moment, and would follow a change in the zone's rules.
 */
export const clinicTimeZone = 'Asia/Kathmandu';

/** The clinic's offset from UTC today, in minutes (UTC+5:45); for display and documentation only. */
export const clinicUtcOffsetMinutes = 5 * 60 + 45;

/** A calendar day in clinic time, `YYYY-MM-DD`. */
export type ClinicDay = string;
/** A time of day on the clinic's clock, `HH:mm`, 24-hour. */
export type ClinicTime = string;
/** A moment in time, as the API and the browser hand them around. */
export type Moment = Date | number | string;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isClinicDay(text: string): boolean {
  const match = dayPattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Whether `text` is a time of day written `HH:mm`, 24-hour ("07:30", "19:00"). */
export function isClinicTime(text: string): boolean {
  return timePattern.test(text);
}

export const clinicDaySchema = z
  .string('Please give a date as YYYY-MM-DD')
  .check(z.refine(isClinicDay, 'Please give a date as YYYY-MM-DD'));

export const clinicTimeSchema = z
  .string('Please give a time as HH:mm')
  .check(z.refine(isClinicTime, 'Please give a time as HH:mm'));

/** The year, month (1–12) and day of a clinic day, as numbers. */
export function clinicDayParts(day: ClinicDay): { year: number; month: number; day: number } {
  const match = dayPattern.exec(day);
  if (!match || !isClinicDay(day)) throw new RangeError(`Not a clinic day: ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function clinicTimeParts(time: ClinicTime): { hours: number; minutes: number } {
  const match = timePattern.exec(time);
  if (!match) throw new RangeError(`Not a clinic time: ${time}`);
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

function toMillis(moment: Moment): number {
  const millis = moment instanceof Date ? moment.getTime() : new Date(moment).getTime();
  if (Number.isNaN(millis)) throw new RangeError(`Not a moment: ${String(moment)}`);
  return millis;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function dayOf(year: number, month: number, day: number): ClinicDay {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

// Made once: making an Intl formatter costs more than all its uses on a screen.
let wallClock: Intl.DateTimeFormat | undefined;

/** The clinic's wall clock at a moment: the zone's rules, from the platform's time zone data. */
function wallClockAt(millis: number) {
  wallClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: clinicTimeZone,
    calendar: 'gregory',
    numberingSystem: 'latn',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = wallClock.formatToParts(millis);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hours: part('hour'),
    minutes: part('minute'),
    seconds: part('second'),
  };
}

/** How far the clinic's clock is ahead of UTC at a moment, in milliseconds. */
function offsetAt(millis: number): number {
  const wall = wallClockAt(millis);
  const wallAsUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hours,
    wall.minutes,
    wall.seconds,
  );
  // The wall clock has whole seconds; the moment may not.
  return wallAsUtc - (millis - (((millis % 1000) + 1000) % 1000));
}

/** The clinic day a moment falls on. */
export function clinicDayOf(moment: Moment): ClinicDay {
  const wall = wallClockAt(toMillis(moment));
  return dayOf(wall.year, wall.month, wall.day);
}

/** The time on the clinic's clock at a moment, `HH:mm`. */
export function clinicTimeOf(moment: Moment): ClinicTime {
  const wall = wallClockAt(toMillis(moment));
  return `${pad(wall.hours)}:${pad(wall.minutes)}`;
}

/** Today in clinic time. */
export function clinicToday(now: Moment = Date.now()): ClinicDay {
  return clinicDayOf(now);
}

/**
 * The moment the clinic's clock shows `time` on `day`. The offset is read at that moment
 * (a first guess with the offset of the wall time read as UTC, then once more), so a change
 * of the zone's rules between the two would still land on the right moment.
 */
export function clinicMoment(day: ClinicDay, time: ClinicTime = '00:00'): Date {
  const { year, month, day: date } = clinicDayParts(day);
  const { hours, minutes } = clinicTimeParts(time);
  const wallAsUtc = Date.UTC(year, month - 1, date, hours, minutes);
  const guess = wallAsUtc - offsetAt(wallAsUtc);
  return new Date(wallAsUtc - offsetAt(guess));
}

/** The first moment of a clinic day (its 00:00 on the clinic's clock). */
export function clinicDayStart(day: ClinicDay): Date {
  return clinicMoment(day, '00:00');
}

/** The first moment after a clinic day: the start of the next one. A day is `[start, end)`. */
export function clinicDayEnd(day: ClinicDay): Date {
  return clinicDayStart(addClinicDays(day, 1));
}

/** The clinic day `count` days after `day` (before it when negative). */
export function addClinicDays(day: ClinicDay, count: number): ClinicDay {
  const { year, month, day: date } = clinicDayParts(day);
  // Calendar arithmetic on the date alone: a day has no zone.
  const moved = new Date(Date.UTC(year, month - 1, date + count));
  return dayOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function clinicDaysBetween(from: ClinicDay, to: ClinicDay): number {
  const a = clinicDayParts(from);
  const b = clinicDayParts(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** The day of the week of a clinic day, 0 for Sunday to 6 for Saturday. */
export function clinicWeekday(day: ClinicDay): number {
  const { year, month, day: date } = clinicDayParts(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** Where a day lies from today, when it is near enough to be named so. */
export type NearDay = 'yesterday' | 'today' | 'tomorrow';

export function nearDay(day: ClinicDay, today: ClinicDay): NearDay | null {
  switch (clinicDaysBetween(today, day)) {
    case -1:
      return 'yesterday';
    case 0:
      return 'today';
    case 1:
      return 'tomorrow';
    default:
      return null;
  }
}
