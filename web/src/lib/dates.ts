import { useTranslation } from 'react-i18next';
import { clinicDayOf, nearDay, type ClinicDay, type Moment } from '@shared/clinic-time';
import { devanagariDigits, englishDateWords, type DateWords } from '@shared/date-words';
import type { NepaliCalendar } from '@shared/nepali-date-words';
import type { Language } from './i18n';

/**
 * The web app's one place for dates and times: always in clinic time, whatever the phone's
 * zone; in English from `Intl`, in Nepali as Bikram Sambat dates with Devanagari digits.
 */

let nepaliWords: DateWords | undefined;
let bsCalendar: NepaliCalendar | undefined;

/**
 * The Nepali dates and the BS calendar under them. Only a Nepali reader needs them: they are
 * fetched with the Nepali strings (`app/i18n.ts`), before anything is shown in Nepali, so an
 * English reader never downloads the calendar.
 */
export async function loadNepaliDates(): Promise<void> {
  const nepali = await import('@shared/nepali-date-words');
  nepaliWords ??= nepali.nepaliDateWords;
  bsCalendar ??= nepali.nepaliCalendar;
}

/**
 * The BS calendar a date input offers a Nepali reader, or null for an English one (or should
 * a Nepali screen render before it arrived: the input is then an AD one).
 */
export function useNepaliCalendar(): NepaliCalendar | null {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'ne' ? (bsCalendar ?? null) : null;
}

/**
 * Stands in should a Nepali screen render before the calendar arrived (the app waits for
 * it): AD dates, but with the digits a Nepali reader expects.
 */
const inDevanagari =
  <T>(format: (value: T) => string) =>
  (value: T) =>
    devanagariDigits(format(value));
const nepaliUntilLoaded: DateWords = {
  date: inDevanagari(englishDateWords.date),
  day: inDevanagari(englishDateWords.day),
  weekdayAndDay: inDevanagari(englishDateWords.weekdayAndDay),
  monthDay: inDevanagari(englishDateWords.monthDay),
  longDay: inDevanagari(englishDateWords.longDay),
  time: inDevanagari(englishDateWords.time),
  clock: inDevanagari(englishDateWords.clock),
  dateTime: inDevanagari(englishDateWords.dateTime),
  fullDateTime: inDevanagari(englishDateWords.fullDateTime),
  digits: devanagariDigits,
};

export function dateWords(language: Language): DateWords {
  return language === 'ne' ? (nepaliWords ?? nepaliUntilLoaded) : englishDateWords;
}

export type Dates = ReturnType<typeof useDates>;

/** Date and time words in the reader's language. */
export function useDates() {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'ne' ? 'ne' : 'en';
  const words = dateWords(language);
  /** "Today", "Yesterday" or "Tomorrow" when it is one of those, else the weekday and day. */
  const nearDayOr = (day: ClinicDay, now: Moment = Date.now()): string => {
    const near = nearDay(day, clinicDayOf(now));
    return near ? t(`dates.${near}`) : words.weekdayAndDay(day);
  };
  return {
    ...words,
    nearDayOr,
    /** A moment's clinic day as `nearDayOr` says it. */
    nearDateOr: (moment: Moment, now?: Moment) => nearDayOr(clinicDayOf(moment), now),
    language,
  };
}
