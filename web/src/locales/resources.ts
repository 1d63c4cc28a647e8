import authEn from '@/features/auth/locales/en.json';
import authNe from '@/features/auth/locales/ne.json';
import mfaEn from '@/features/mfa/locales/en.json';
import mfaNe from '@/features/mfa/locales/ne.json';
import en from './en.json';
import ne from './ne.json';

/**
 * Every string of the app. The shell's strings sit at the top level; each feature
 * keeps its own pair of files beside its code and is merged in under its name.
 * English is the source: the Nepali twin must have exactly the same keys.
 */
const english = { ...en, auth: authEn, mfa: mfaEn };

export const resources = {
  en: english,
  ne: { ...ne, auth: authNe, mfa: mfaNe },
} satisfies Record<'en' | 'ne', typeof english>;

export type Translation = typeof resources.en;
