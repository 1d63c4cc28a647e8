import { bsCalendarYears } from './bs-calendar-table';
import { addClinicDays, clinicDaysBetween, isClinicDay, type ClinicDay } from './clinic-time';

/**
 * Conversions between Bikram Sambat and AD days, read from the one table Sewa owns
 * (`bs-calendar-table.ts`). Outside the table's years nothing is guessed: every function
 * answers null.
 */

/** A BS date: year, month 1 (Baisakh) to 12 (Chaitra), and day of the month. */
export interface BsDate {
  year: number;
  month: number;
  day: number;
}

interface BsYear {
  firstDay: ClinicDay;
  months: readonly number[];
  /** Days in the year: the AD days from its 1 Baisakh to the next. */
  length: number;
}

const years = new Map<number, BsYear>(
  bsCalendarYears.map(([year, firstDay, months]) => [
    year,
    { firstDay, months, length: months.reduce((sum, days) => sum + days, 0) },
  ]),
);

const [first] = bsCalendarYears;
const last = bsCalendarYears.at(-1);
if (first === undefined || last === undefined) throw new Error('The BS calendar table is empty.');

/** The first and last BS years the table holds. */
export const bsFirstYear = first[0];
export const bsLastYear = last[0];

/** The first and last AD days that have a BS date. */
export const bsCalendarStart: ClinicDay = first[1];
export const bsCalendarEnd: ClinicDay = addClinicDays(
  last[1],
  last[2].reduce((sum, days) => sum + days, 0) - 1,
);

/** The days of a BS month (1–12), or null for a year or month the table does not hold. */
export function bsMonthLength(year: number, month: number): number | null {
  return years.get(year)?.months[month - 1] ?? null;
}

/** The AD day of a BS date, or null when the date does not exist or is outside the table. */
export function bsToAdDay({ year, month, day }: BsDate): ClinicDay | null {
  const entry = years.get(year);
  const length = bsMonthLength(year, month);
  if (entry === undefined || length === null || !Number.isInteger(day) || day < 1) return null;
  if (day > length) return null;
  const before = entry.months.slice(0, month - 1).reduce((sum, days) => sum + days, 0);
  return addClinicDays(entry.firstDay, before + day - 1);
}

/** The BS date of an AD day (YYYY-MM-DD), or null when it is not one or is outside the table. */
export function adDayToBs(day: ClinicDay): BsDate | null {
  if (!isClinicDay(day) || day < bsCalendarStart || day > bsCalendarEnd) return null;
  for (const [year, entry] of years) {
    let left = clinicDaysBetween(entry.firstDay, day);
    if (left < 0 || left >= entry.length) continue;
    for (const [index, days] of entry.months.entries()) {
      if (left < days) return { year, month: index + 1, day: left + 1 };
      left -= days;
    }
  }
  return null;
}
