import { useTranslation } from 'react-i18next';
import { intlLocale, type Language } from './i18n';

export function formatNumber(
  value: number,
  language: Language,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(intlLocale[language], options).format(value);
}

/** A share given in percent (99.8 for 99.8 %), with at most one decimal. */
export function formatPercent(percent: number, language: Language): string {
  return formatNumber(percent / 100, language, { style: 'percent', maximumFractionDigits: 1 });
}

/** Number formatters for the reader's language: Devanagari digits and Nepali grouping in Nepali. */
export function useNumberFormat() {
  const { i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'ne' ? 'ne' : 'en';
  return {
    number: (value: number) => formatNumber(value, language),
    percent: (percent: number) => formatPercent(percent, language),
  };
}
