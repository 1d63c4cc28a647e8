import NepaliDate from 'nepali-datetime';
import type { Language } from '@/lib/i18n';
import { formatDigits } from '@/lib/number-format';

/**
 * Calendar dates and clock times in the reader's language. Chromium has no Nepali
 * locale data, so Nepali month and day names come from the BS calendar library.
 */
export function formatDay(isoDate: string, language: Language): string {
  const date = NepaliDate.parseEnglishDate(isoDate, 'YYYY-MM-DD');
  return language === 'ne'
    ? date.formatEnglishDateInNepali('dddd, MMMM D')
    : date.formatEnglishDate('ddd, MMM D');
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
