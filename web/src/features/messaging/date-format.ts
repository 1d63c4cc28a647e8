import { useTranslation } from 'react-i18next';
import type { Language } from '@/lib/i18n';

/** As in number-format: Chromium lacks Nepali locale data, Hindi stands in with Devanagari digits. */
const dateLocales: Record<Language, { locales: string[]; numberingSystem: string }> = {
  en: { locales: ['en-US'], numberingSystem: 'latn' },
  ne: { locales: ['ne-NP', 'hi-IN'], numberingSystem: 'deva' },
};

// Made once per language and style: making an Intl formatter costs a slow phone more than
// formatting every message of a conversation with it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, options: Intl.DateTimeFormatOptions) {
  const key = `${language} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    const { locales, numberingSystem } = dateLocales[language];
    made = new Intl.DateTimeFormat(locales, { numberingSystem, ...options });
    formatters.set(key, made);
  }
  return made;
}

/** Dates and times of messages in the reader's language. */
export function useMessageDates() {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'ne' ? 'ne' : 'en';
  const date = formatter(language, { dateStyle: 'medium' });
  const time = formatter(language, { timeStyle: 'short' });
  const full = formatter(language, { dateStyle: 'full', timeStyle: 'short' });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
    full: (iso: string) => full.format(new Date(iso)),
  };
}
