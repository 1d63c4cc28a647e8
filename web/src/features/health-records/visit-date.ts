import NepaliDate from 'nepali-datetime';
import type { Language } from '@/lib/i18n';

function localIsoDate(moment: Date): string {
  const month = String(moment.getMonth() + 1).padStart(2, '0');
  const day = String(moment.getDate()).padStart(2, '0');
  return `${moment.getFullYear()}-${month}-${day}`;
}

/**
 * The day of a visit in the reader's language ("Nov 23, 2026"; in Nepali the month's
 * name and Devanagari digits, from the calendar library, as Chromium lacks Nepali locale data).
 */
export function formatVisitDay(iso: string, language: Language): string {
  const date = NepaliDate.parseEnglishDate(localIsoDate(new Date(iso)), 'YYYY-MM-DD');
  return language === 'ne'
    ? date.formatEnglishDateInNepali('MMMM D, YYYY')
    : date.formatEnglishDate('MMM D, YYYY');
}
