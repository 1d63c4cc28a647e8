import authEn from '@/features/auth/locales/en.json';
import authNe from '@/features/auth/locales/ne.json';
import deviceEn from '@/features/device/locales/en.json';
import deviceNe from '@/features/device/locales/ne.json';
import messagingEn from '@/features/messaging/locales/en.json';
import messagingNe from '@/features/messaging/locales/ne.json';
import mfaEn from '@/features/mfa/locales/en.json';
import mfaNe from '@/features/mfa/locales/ne.json';
import queueEn from '@/features/queue/locales/en.json';
import queueNe from '@/features/queue/locales/ne.json';
import researchEn from '@/features/research/locales/en.json';
import researchNe from '@/features/research/locales/ne.json';
import staffEn from '@/features/staff/locales/en.json';
import staffNe from '@/features/staff/locales/ne.json';
import en from './en.json';
import ne from './ne.json';

/**
 * Every string of the app. The shell's strings sit at the top level; each feature
 * keeps its own pair of files beside its code and is merged in under its name.
 * English is the source: the Nepali twin must have exactly the same keys.
 */
const english = {
  ...en,
  auth: authEn,
  device: deviceEn,
  messaging: messagingEn,
  mfa: mfaEn,
  queue: queueEn,
  research: researchEn,
  staff: staffEn,
};
const nepali = {
  ...ne,
  auth: authNe,
  device: deviceNe,
  messaging: messagingNe,
  mfa: mfaNe,
  queue: queueNe,
  research: researchNe,
  staff: staffNe,
};

export const resources = { en: english, ne: nepali } satisfies Record<'en' | 'ne', typeof english>;

export type Translation = typeof resources.en;
