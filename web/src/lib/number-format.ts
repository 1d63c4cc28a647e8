import { useTranslation } from 'react-i18next';
import { devanagariDigits } from '@shared/date-words';
import type { Language } from './i18n';

/**
 * Locales and digits per language. Chromium (and so Chrome on Android) ships without
 * Nepali locale data and would quietly format `ne-NP` as American English; Hindi has
 * the same lakh grouping, so it stands in, and the Devanagari digits are asked for
 * explicitly.
 */
const numberLocales: Record<Language, { locales: string[]; numberingSystem: string }> = {
  en: { locales: ['en-US'], numberingSystem: 'latn' },
  ne: { locales: ['ne-NP', 'hi-IN'], numberingSystem: 'deva' },
};

// Made once per language and style: making an Intl formatter costs more than using it.
const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(
  value: number,
  language: Language,
  options?: Intl.NumberFormatOptions,
): string {
  const key = `${language} ${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const { locales, numberingSystem } = numberLocales[language];
    formatter = new Intl.NumberFormat(locales, { numberingSystem, ...options });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** A share given in percent (99.8 for 99.8 %), with at most one decimal. */
export function formatPercent(percent: number, language: Language): string {
  return formatNumber(percent / 100, language, { style: 'percent', maximumFractionDigits: 1 });
}

/** Text such as a typed date or clinic hours ("2056-10-01", "7:30") with its digits in the reader's script. */
export function formatDigits(text: string, language: Language): string {
  return language === 'en' ? text : devanagariDigits(text);
}

export type NumberFormat = ReturnType<typeof useNumberFormat>;

/** Number formatters for the reader's language: Devanagari digits and Nepali grouping in Nepali. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'ne' ? 'ne' : 'en';
  return {
    number: (value: number) => formatNumber(value, language),
    percent: (percent: number) => formatPercent(percent, language),
    digits: (text: string) => formatDigits(text, language),
    language,
  };
}
