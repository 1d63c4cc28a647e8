import { startI18n } from '@/lib/i18n';
import { english } from './translations/english';

/**
 * Resolves once the stored language's strings are in: the app renders after it, so a
 * Nepali reader never sees English first.
 */
export const i18nReady: Promise<unknown> = startI18n({
  english,
  // Nepali arrives in a chunk of its own: English readers never download it.
  loadNepali: () => import('./translations/nepali').then((module) => module.nepali),
});
