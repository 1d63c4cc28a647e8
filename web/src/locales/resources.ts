import en from './en.json';
import ne from './ne.json';

/**
 * Every string of the app. The shell's strings sit at the top level; each feature
 * keeps its own pair of files beside its code and is merged in under its name.
 * English is the source: the Nepali twin must have exactly the same keys.
 */
export const resources = {
  en: { ...en },
  ne: { ...ne },
} satisfies Record<'en' | 'ne', typeof en>;

export type Translation = typeof resources.en;
