import { i18n } from '@/lib/i18n';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** Adds the Nepali strings once the app's Nepali bundle is in (it may come after this page). */
function addNepali(): void {
  if (
    i18n.hasResourceBundle('ne', 'translation') &&
    i18n.getResource('ne', 'translation', 'hmis') === undefined
  ) {
    i18n.addResourceBundle('ne', 'translation', { hmis: ne }, true, true);
  }
}

/**
 * The HMIS and clinics screens' strings come with their page's chunk, not with the first
 * download: only the superadmin and managers open these screens. English is added at once;
 * Nepali now if the reader's Nepali is in, else as soon as it arrives.
 */
export function addHmisStrings(): void {
  if (i18n.getResource('en', 'translation', 'hmis') !== undefined) return;
  i18n.addResourceBundle('en', 'translation', { hmis: en }, true, true);
  addNepali();
  i18n.store.on('added', (language: string) => {
    if (language === 'ne') addNepali();
  });
}
