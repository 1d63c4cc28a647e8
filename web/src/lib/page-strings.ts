import { i18n } from './i18n';

/**
 * Adds a feature's strings when its page's chunk arrives rather than with the first download
 * (screens only some staff open): English at once, and Nepali, when the feature brings its
 * own, now if the reader's Nepali is in, else as soon as it arrives.
 */
export function addPageStrings(namespace: string, english: object, nepali?: object): void {
  if (i18n.getResource('en', 'translation', namespace) !== undefined) return;
  i18n.addResourceBundle('en', 'translation', { [namespace]: english }, true, true);
  if (nepali === undefined) return;
  const addNepali = () => {
    if (
      i18n.hasResourceBundle('ne', 'translation') &&
      i18n.getResource('ne', 'translation', namespace) === undefined
    ) {
      i18n.addResourceBundle('ne', 'translation', { [namespace]: nepali }, true, true);
    }
  };
  addNepali();
  i18n.store.on('added', (language: string) => {
    if (language === 'ne') addNepali();
  });
}
