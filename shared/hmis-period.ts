import { adDayToBs, bsMonthLength, bsToAdDay } from './bs-calendar';
import { clinicToday, type ClinicDay, type Moment } from './clinic-time';
import { bsMonths } from './hmis';

export { bsMonths };

/**
 * Nepal's HMIS (DHIS2 on the Nepali calendar) counts by Bikram Sambat month: a monthly
 * period id is the BS year and month, `YYYYMM` (Baisakh 2081 is `208101`, Kartik 2083 is
 * `208307`). A month's AD days come from Sewa's BS table (`bs-calendar-table.ts`), as every
 * BS date in the app does; a month beyond the table is no period.
 */

export type BsMonthName = (typeof bsMonths)[number];

/** A BS month and the AD days it runs over, both ends included. */
export interface HmisPeriod {
  /** `YYYYMM`, DHIS2's monthly period id on the Nepali calendar. */
  id: string;
  year: number;
  /** 1 (Baisakh) to 12 (Chaitra). */
  month: number;
  name: BsMonthName;
  /** The month's first AD day, YYYY-MM-DD. */
  firstDay: ClinicDay;
  /** The month's last AD day, YYYY-MM-DD. */
  lastDay: ClinicDay;
}

const periodPattern = /^(\d{4})(0[1-9]|1[0-2])$/;

/** The period of a BS year and month (1–12), or null outside the calendar table. */
export function periodOf(year: number, month: number): HmisPeriod | null {
  const name = bsMonths[month - 1];
  const days = bsMonthLength(year, month);
  if (name === undefined || days === null) return null;
  const first = bsToAdDay({ year, month, day: 1 });
  const last = bsToAdDay({ year, month, day: days });
  if (first === null || last === null) return null;
  return {
    id: `${year}${String(month).padStart(2, '0')}`,
    year,
    month,
    name,
    firstDay: first,
    lastDay: last,
  };
}

/** The period a `YYYYMM` id names, or null for anything else. */
export function parsePeriod(id: string): HmisPeriod | null {
  const match = periodPattern.exec(id);
  if (match === null) return null;
  return periodOf(Number(match[1]), Number(match[2]));
}

/** The BS month a clinic day falls in; a RangeError for a day beyond the calendar table. */
export function periodOfDay(day: ClinicDay): HmisPeriod {
  const bs = adDayToBs(day);
  const period = bs === null ? null : periodOf(bs.year, bs.month);
  if (period === null) throw new RangeError(`${day} is outside the BS calendar table`);
  return period;
}

/** The period just before this one. */
export function previousPeriod(period: HmisPeriod): HmisPeriod | null {
  return period.month === 1
    ? periodOf(period.year - 1, 12)
    : periodOf(period.year, period.month - 1);
}

/** The last BS month that has ended on the clinic's today: what a report is made for. */
export function lastCompletePeriod(now: Moment = Date.now()): HmisPeriod {
  const current = periodOfDay(clinicToday(now));
  const previous = previousPeriod(current);
  if (previous === null) throw new RangeError('no complete month in the BS calendar table');
  return previous;
}
