import { loadNepaliDates } from '@/lib/dates';
import { startI18n } from '@/lib/i18n';
import { english } from './translations/english';

/**
 * Resolves once the stored language's strings are in: the app renders after it, so a
 * Nepali reader never sees English first.
 */
export const i18nReady: Promise<unknown> = startI18n({
  english,
  // Nepali arrives in a chunk of its own, with the Nepali dates and their BS calendar: English
  // readers never download either.
  loadNepali: () =>
    Promise.all([import('./translations/nepali'), loadNepaliDates()]).then(
      ([module]) => module.nepali,
    ),
});
