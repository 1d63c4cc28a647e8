import {
  clinicDayOf,
  clinicDayParts,
  clinicTimeOf,
  clinicTimeZone,
  type ClinicDay,
  type ClinicTime,
  type Moment,
} from './clinic-time';

/**
 * Dates and times in words, always in clinic time. English comes from `Intl`; Nepali (BS
 * dates with Devanagari digits) from `nepali-date-words.ts`, kept apart so the web app can
 * load the calendar only for a Nepali reader. Both sides of the app use these, so a date
 * reads the same on a screen and in a mail.
 */
export interface DateWords {
  /** A moment's clinic day: "Nov 20, 2026"; "मंसिर ५, २०८३". */
  date: (moment: Moment) => string;
  /** A clinic day, as `date`. */
  day: (day: ClinicDay) => string;
  /** A clinic day with its weekday, without the year: "Fri, Nov 20"; "शुक्रबार, मंसिर ५". */
  weekdayAndDay: (day: ClinicDay) => string;
  /** A clinic day's month and day, for a chart's axis: "Nov 20"; "मंसिर ५". */
  monthDay: (day: ClinicDay) => string;
  /** A clinic day in full: "Friday, November 20, 2026"; "शुक्रबार, मंसिर ५, २०८३". */
  longDay: (day: ClinicDay) => string;
  /** A moment's time on the clinic's 24-hour clock: "14:05"; "१४:०५". */
  time: (moment: Moment) => string;
  /** A clinic time of day such as a dose or a slot ("08:00"): "08:00"; "०८:००". */
  clock: (time: ClinicTime) => string;
  /** A moment's clinic day and time: "Nov 20, 2026, 14:05"; "मंसिर ५, २०८३, १४:०५". */
  dateTime: (moment: Moment) => string;
  /** In full: "Friday, November 20, 2026 at 14:05"; "शुक्रबार, मंसिर ५, २०८३, १४:०५". */
  fullDateTime: (moment: Moment) => string;
  /** Digits of a text in the language's script ("7:30"; "७:३०"). */
  digits: (text: string) => string;
}

const devanagari = '०१२३४५६७८९';

/** A text's Latin digits as Devanagari ones, the digits a Nepali reader reads. */
export function devanagariDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => devanagari[Number(digit)] ?? digit);
}

/** Noon UTC of a clinic day: formatted in UTC, it is that day wherever the code runs. */
function dayAsDate(day: ClinicDay): Date {
  const { year, month, day: date } = clinicDayParts(day);
  return new Date(Date.UTC(year, month - 1, date, 12));
}

function clockAsDate(time: ClinicTime): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, hours, minutes));
}

// Made on first use and kept: making an Intl formatter costs a slow phone more than
// formatting every message of a conversation with it.
const englishFormats = new Map<string, Intl.DateTimeFormat>();

function english(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = englishFormats.get(name);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { calendar: 'gregory', ...options });
    englishFormats.set(name, format);
  }
  return format;
}

// Days are formatted from their own date in UTC, moments in the clinic's zone: never in the
// zone of the machine the code runs on.
const days = { timeZone: 'UTC' } as const;
const moments = { timeZone: clinicTimeZone } as const;
// One clock in both languages, as the slots and the announcements read: 24-hour, "08:00".
const twentyFourHour = { hourCycle: 'h23' } as const;

export const englishDateWords: DateWords = {
  date: (moment) => englishDateWords.day(clinicDayOf(moment)),
  day: (day) => english('day', { ...days, dateStyle: 'medium' }).format(dayAsDate(day)),
  weekdayAndDay: (day) =>
    english('weekdayAndDay', { ...days, weekday: 'short', month: 'short', day: 'numeric' }).format(
      dayAsDate(day),
    ),
  monthDay: (day) =>
    english('monthDay', { ...days, month: 'short', day: 'numeric' }).format(dayAsDate(day)),
  longDay: (day) => english('longDay', { ...days, dateStyle: 'full' }).format(dayAsDate(day)),
  time: (moment) => englishDateWords.clock(clinicTimeOf(moment)),
  clock: (time) =>
    english('clock', {
      timeZone: 'UTC',
      ...twentyFourHour,
      hour: '2-digit',
      minute: '2-digit',
    }).format(clockAsDate(time)),
  dateTime: (moment) =>
    english('dateTime', {
      ...moments,
      ...twentyFourHour,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(moment)),
  fullDateTime: (moment) =>
    english('fullDateTime', {
      ...moments,
      ...twentyFourHour,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(new Date(moment)),
  digits: (text) => text,
};
