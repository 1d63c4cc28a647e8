import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['en', 'ne'] as const;
export type Language = (typeof languages)[number];

const storageKey = 'lang';

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(storageKey);
    return value === 'ne' ? 'ne' : 'en';
  } catch {
    return 'en';
  }
}

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'ne' ? 'ne' : 'en';
}

/** Every string of the app in one language, nested by screen. */
export type Strings = Record<string, unknown>;

/** The app's strings, which the app assembles from its features and hands in at start. */
export interface AppStrings {
  /** Bundled with the first page: the source language. */
  english: Strings;
  /** Fetched only when Nepali is chosen, so English readers never download it. */
  loadNepali: () => Promise<Strings>;
}

let loadNepali: AppStrings['loadNepali'] = () =>
  Promise.reject(new Error('The translations have not been handed in yet'));

async function switchTo(language: Language): Promise<void> {
  if (language === 'ne' && !i18n.hasResourceBundle('ne', 'translation')) {
    i18n.addResourceBundle('ne', 'translation', await loadNepali());
  }
  await i18n.changeLanguage(language);
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Private browsing may refuse storage; the choice still holds for this visit.
  }
  await switchTo(language);
}

/** The install manifest in each language: an installed app is named in the reader's. */
const manifestHref: Record<Language, string> = {
  en: '/manifest.webmanifest',
  ne: '/manifest.ne.webmanifest',
};

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = manifestHref[language === 'ne' ? 'ne' : 'en'];
});

/**
 * Starts i18next with the app's strings. Resolves once the stored language's strings are
 * in: the app renders after it, so a Nepali reader never sees English first.
 */
export function startI18n(strings: AppStrings): Promise<unknown> {
  loadNepali = strings.loadNepali;
  const ready = i18n
    .use(initReactI18next)
    .init({
      resources: { en: { translation: strings.english } },
      partialBundledLanguages: true,
      lng: 'en',
      fallbackLng: false,
      supportedLngs: languages,
      interpolation: { escapeValue: false },
      returnNull: false,
      // i18next otherwise advertises a hosted service on the console.
      showSupportNotice: false,
      // A missing key shows up loudly in development instead of falling back silently.
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (_lngs, _ns, key) => {
        console.error(`Missing translation key: ${key}`);
      },
    })
    .then(() => switchTo(storedLanguage()));
  document.documentElement.lang = i18n.language;
  return ready;
}

export { i18n };
