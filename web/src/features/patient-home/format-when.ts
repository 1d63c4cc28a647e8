import type NepaliDate from 'nepali-datetime';
import type { Language } from '@/lib/i18n';
import { formatDigits } from '@/lib/number-format';

/**
 * The BS calendar library, for Nepali month and day names (Chromium has no Nepali locale
 * data). Only a Nepali reader needs it: it is fetched with the Nepali strings
 * (`app/i18n.ts`), before anything is shown in Nepali.
 */
let nepaliCalendar: typeof NepaliDate | undefined;

export async function loadNepaliCalendar(): Promise<void> {
  nepaliCalendar ??= (await import('nepali-datetime')).default;
}

let englishDay: Intl.DateTimeFormat | undefined;

/** Calendar dates and clock times in the reader's language. */
export function formatDay(isoDate: string, language: Language): string {
  if (language === 'ne' && nepaliCalendar) {
    return nepaliCalendar
      .parseEnglishDate(isoDate, 'YYYY-MM-DD')
      .formatEnglishDateInNepali('dddd, MMMM D');
  }
  const [year = 2000, month = 1, day = 1] = isoDate.split('-').map(Number);
  englishDay ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return englishDay.format(new Date(Date.UTC(year, month - 1, day)));
}

// Made once: making an Intl formatter costs a slow phone more than all its uses on a screen.
let englishClock: Intl.DateTimeFormat | undefined;

/** "08:00" as "8:00 AM" in English, and as a 24-hour clock with Devanagari digits in Nepali. */
export function formatClock(time: string, language: Language): string {
  if (language === 'ne') return formatDigits(time, language);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  englishClock ??= new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return englishClock.format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** A moment's local time of day, for "synced at". */
export function formatTimeOfDay(moment: Date, language: Language): string {
  const hours = String(moment.getHours()).padStart(2, '0');
  const minutes = String(moment.getMinutes()).padStart(2, '0');
  return formatClock(`${hours}:${minutes}`, language);
}
