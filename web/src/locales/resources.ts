import authEn from '@/features/auth/locales/en.json';
import authNe from '@/features/auth/locales/ne.json';
import cameraEn from '@/features/camera/locales/en.json';
import cameraNe from '@/features/camera/locales/ne.json';
import deviceEn from '@/features/device/locales/en.json';
import deviceNe from '@/features/device/locales/ne.json';
import messagingEn from '@/features/messaging/locales/en.json';
import messagingNe from '@/features/messaging/locales/ne.json';
import mfaEn from '@/features/mfa/locales/en.json';
import mfaNe from '@/features/mfa/locales/ne.json';
import onboardingEn from '@/features/onboarding/locales/en.json';
import onboardingNe from '@/features/onboarding/locales/ne.json';
import healthRecordsEn from '@/features/health-records/locales/en.json';
import healthRecordsNe from '@/features/health-records/locales/ne.json';
import patientHomeEn from '@/features/patient-home/locales/en.json';
import patientHomeNe from '@/features/patient-home/locales/ne.json';
import patientProfileEn from '@/features/patient-profile/locales/en.json';
import patientProfileNe from '@/features/patient-profile/locales/ne.json';
import queueEn from '@/features/queue/locales/en.json';
import queueNe from '@/features/queue/locales/ne.json';
import researchEn from '@/features/research/locales/en.json';
import researchNe from '@/features/research/locales/ne.json';
import staffEn from '@/features/staff/locales/en.json';
import staffNe from '@/features/staff/locales/ne.json';
import uploadsEn from '@/features/uploads/locales/en.json';
import uploadsNe from '@/features/uploads/locales/ne.json';
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
  camera: cameraEn,
  device: deviceEn,
  messaging: messagingEn,
  mfa: mfaEn,
  onboarding: onboardingEn,
  healthRecords: healthRecordsEn,
  patientHome: patientHomeEn,
  patientProfile: patientProfileEn,
  queue: queueEn,
  research: researchEn,
  staff: staffEn,
  uploads: uploadsEn,
};
const nepali = {
  ...ne,
  auth: authNe,
  camera: cameraNe,
  device: deviceNe,
  messaging: messagingNe,
  mfa: mfaNe,
  onboarding: onboardingNe,
  healthRecords: healthRecordsNe,
  patientHome: patientHomeNe,
  patientProfile: patientProfileNe,
  queue: queueNe,
  research: researchNe,
  staff: staffNe,
  uploads: uploadsNe,
};

export const resources = { en: english, ne: nepali } satisfies Record<'en' | 'ne', typeof english>;

export type Translation = typeof resources.en;
