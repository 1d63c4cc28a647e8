import NepaliDate from 'nepali-datetime';
import { clinicDayOf, clinicDayParts, clinicTimeOf, type ClinicDay } from './clinic-time';
import { devanagariDigits, type DateWords } from './date-words';

/**
 * Dates in Bikram Sambat with Nepali month and weekday names and Devanagari digits, times on
 * a 24-hour clock. The calendar library is only here, so the web app fetches it for a Nepali
 * reader alone (`web/src/lib/dates.ts`). Intl cannot do this: Chromium ships no Nepali
 * locale data, and no browser has the Bikram Sambat calendar.
 */
function bsDay(day: ClinicDay, pattern: string): string {
  const { year, month, day: date } = clinicDayParts(day);
  try {
    // From the clinic day's own year, month and day: the library never sees a moment, so
    // the zone of the machine plays no part.
    return NepaliDate.fromEnglishDate(year, month - 1, date).formatNepali(pattern);
  } catch {
    // Beyond the calendar's tables (BS 1975 to 2100): the AD date, in Devanagari digits.
    return devanagariDigits(day);
  }
}

export const nepaliDateWords: DateWords = {
  date: (moment) => nepaliDateWords.day(clinicDayOf(moment)),
  day: (day) => bsDay(day, 'MMMM D, YYYY'),
  weekdayAndDay: (day) => bsDay(day, 'dddd, MMMM D'),
  longDay: (day) => bsDay(day, 'dddd, MMMM D, YYYY'),
  time: (moment) => nepaliDateWords.clock(clinicTimeOf(moment)),
  clock: (time) => devanagariDigits(time),
  dateTime: (moment) => `${nepaliDateWords.date(moment)}, ${nepaliDateWords.time(moment)}`,
  fullDateTime: (moment) =>
    `${nepaliDateWords.longDay(clinicDayOf(moment))}, ${nepaliDateWords.time(moment)}`,
  digits: devanagariDigits,
};
