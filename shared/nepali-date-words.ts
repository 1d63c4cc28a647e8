import { adDayToBs, bsFirstYear, bsLastYear, bsMonthLength, bsToAdDay } from './bs-calendar';
import { clinicDayOf, clinicTimeOf, clinicWeekday, type ClinicDay } from './clinic-time';
import { devanagariDigits, type DateWords } from './date-words';

/**
 * Dates in Bikram Sambat with Nepali month and weekday names and Devanagari digits, times on
 * a 24-hour clock. The BS date comes from Sewa's own table (`bs-calendar.ts`); the web app
 * fetches this module for a Nepali reader alone (`web/src/lib/dates.ts`). Intl cannot do
 * this: Chromium ships no Nepali locale data, and no browser has the Bikram Sambat calendar.
 */

/** Baisakh to Chaitra, as Nepal's calendars print them. */
const monthNames = [
  'बैशाख',
  'जेठ',
  'असार',
  'श्रावण',
  'भाद्र',
  'आश्विन',
  'कार्तिक',
  'मंसिर',
  'पौष',
  'माघ',
  'फाल्गुण',
  'चैत्र',
] as const;

/** Sunday to Saturday. */
const weekdayNames = [
  'आइतबार',
  'सोमबार',
  'मंगलबार',
  'बुधबार',
  'बिहिबार',
  'शुक्रबार',
  'शनिबार',
] as const;

/** A clinic day in BS words: the month and day, with the weekday before and the year after as asked. */
function bsDay(day: ClinicDay, { weekday, year }: { weekday: boolean; year: boolean }): string {
  // From the clinic day itself, never a moment: the zone of the machine plays no part.
  const bs = adDayToBs(day);
  // Beyond the BS table: the AD date, in Devanagari digits, rather than a guessed BS one.
  if (bs === null) return devanagariDigits(day);
  const words = `${monthNames[bs.month - 1]} ${devanagariDigits(String(bs.day))}`;
  const dated = year ? `${words}, ${devanagariDigits(String(bs.year))}` : words;
  return weekday ? `${weekdayNames[clinicWeekday(day)]}, ${dated}` : dated;
}

export const nepaliDateWords: DateWords = {
  date: (moment) => nepaliDateWords.day(clinicDayOf(moment)),
  day: (day) => bsDay(day, { weekday: false, year: true }),
  weekdayAndDay: (day) => bsDay(day, { weekday: true, year: false }),
  monthDay: (day) => bsDay(day, { weekday: false, year: false }),
  longDay: (day) => bsDay(day, { weekday: true, year: true }),
  time: (moment) => nepaliDateWords.clock(clinicTimeOf(moment)),
  clock: (time) => devanagariDigits(time),
  dateTime: (moment) => `${nepaliDateWords.date(moment)}, ${nepaliDateWords.time(moment)}`,
  fullDateTime: (moment) =>
    `${nepaliDateWords.longDay(clinicDayOf(moment))}, ${nepaliDateWords.time(moment)}`,
  digits: devanagariDigits,
};

/**
 * What a BS date picker needs, fetched with the Nepali dates: the months as the dates name
 * them, the table's years, and its conversions.
 */
export const nepaliCalendar = {
  monthNames,
  firstYear: bsFirstYear,
  lastYear: bsLastYear,
  monthLength: bsMonthLength,
  toBs: adDayToBs,
  toAd: bsToAdDay,
};

export type NepaliCalendar = typeof nepaliCalendar;
