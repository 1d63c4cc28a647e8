import appointmentsNe from '@/features/appointments/locales/ne.json';
import authNe from '@/features/auth/locales/ne.json';
import careCircleNe from '@/features/care-circle/locales/ne.json';
import cameraNe from '@/features/camera/locales/ne.json';
import deviceNe from '@/features/device/locales/ne.json';
import doctorHoursNe from '@/features/doctor-hours/locales/ne.json';
import profileSettingsNe from '@/features/patient-profile/settings/locales/ne.json';
import researchHomeNe from '@/features/research/home/locales/ne.json';
import medicationsNe from '@/features/medications/locales/ne.json';
import messagingNe from '@/features/messaging/locales/ne.json';
import mfaNe from '@/features/mfa/locales/ne.json';
import onboardingNe from '@/features/onboarding/locales/ne.json';
import healthRecordsNe from '@/features/health-records/locales/ne.json';
import patientHomeNe from '@/features/patient-home/locales/ne.json';
import patientProfileNe from '@/features/patient-profile/locales/ne.json';
import researchNe from '@/features/research/locales/ne.json';
import uploadsNe from '@/features/uploads/locales/ne.json';
import visitsNe from '@/features/visits/locales/ne.json';
import vitalsNe from '@/features/vitals/locales/ne.json';
import ne from '@/locales/ne.json';
import type { BundledTranslation, PageStrings } from './english';

/**
 * Every string of the app in Nepali, loaded only when Nepali is chosen (see app/i18n.ts) so
 * that English readers do not download it. It must have exactly the keys of English.
 */
/**
 * Doctors' hours, the Profile's settings and the researcher's home come in Nepali with the
 * rest: the Nepali chunk is not the first download.
 */
export const nepali: BundledTranslation &
  Pick<PageStrings, 'doctorHours' | 'profileSettings' | 'researchHome'> = {
  ...ne,
  appointments: appointmentsNe,
  auth: authNe,
  camera: cameraNe,
  careCircle: careCircleNe,
  device: deviceNe,
  doctorHours: doctorHoursNe,
  profileSettings: profileSettingsNe,
  researchHome: researchHomeNe,
  medications: medicationsNe,
  messaging: messagingNe,
  mfa: mfaNe,
  onboarding: onboardingNe,
  healthRecords: healthRecordsNe,
  patientHome: patientHomeNe,
  patientProfile: patientProfileNe,
  research: researchNe,
  uploads: uploadsNe,
  visits: visitsNe,
  vitals: vitalsNe,
};
