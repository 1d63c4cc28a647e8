import appointmentsEn from '@/features/appointments/locales/en.json';
import authEn from '@/features/auth/locales/en.json';
import careCircleEn from '@/features/care-circle/locales/en.json';
import cameraEn from '@/features/camera/locales/en.json';
import deviceEn from '@/features/device/locales/en.json';
import medicationsEn from '@/features/medications/locales/en.json';
import messagingEn from '@/features/messaging/locales/en.json';
import mfaEn from '@/features/mfa/locales/en.json';
import onboardingEn from '@/features/onboarding/locales/en.json';
import healthRecordsEn from '@/features/health-records/locales/en.json';
import patientHomeEn from '@/features/patient-home/locales/en.json';
import patientProfileEn from '@/features/patient-profile/locales/en.json';
import researchEn from '@/features/research/locales/en.json';
import uploadsEn from '@/features/uploads/locales/en.json';
import visitsEn from '@/features/visits/locales/en.json';
import vitalsEn from '@/features/vitals/locales/en.json';
import en from '@/locales/en.json';
import type doctorHoursStrings from '@/features/doctor-hours/locales/en.json';
import type prescribingStrings from '@/features/prescribing/locales/en.json';
import type chartStrings from '@/features/chart/locales/en.json';
import type queueStrings from '@/features/queue/locales/en.json';
import type staffStrings from '@/features/staff/locales/en.json';
import type dosageStrings from '@/lib/dosage-locales/en.json';
import type hmisStrings from '@/features/hmis/locales/en.json';
import type peopleStrings from '@/features/people/locales/en.json';
import type recordDownloadStrings from '@/features/patient-profile/record-download/locales/en.json';
import type profileSettingsStrings from '@/features/patient-profile/settings/locales/en.json';
import type researchHomeStrings from '@/features/research/home/locales/en.json';
import type notificationsStrings from '@/features/notifications/locales/en.json';
import type complianceStrings from '@/features/compliance/locales/en.json';
import type clinicSettingsStrings from '@/features/clinic-settings/locales/en.json';
import type recordReadsStrings from '@/features/patient-profile/record-reads/locales/en.json';
import type auditWordsStrings from '@/lib/audit-locales/en.json';
import type patientsStrings from '@/features/patients/locales/en.json';
import type accountStrings from '@/features/account/locales/en.json';

/**
 * Every string of the app in English, the source language and the one bundled with the
 * first page. The shell's strings sit at the top level; each feature keeps its own pair of
 * files beside its code and is merged in under its name.
 */
export const english = {
  ...en,
  appointments: appointmentsEn,
  auth: authEn,
  camera: cameraEn,
  careCircle: careCircleEn,
  device: deviceEn,
  medications: medicationsEn,
  messaging: messagingEn,
  mfa: mfaEn,
  onboarding: onboardingEn,
  healthRecords: healthRecordsEn,
  patientHome: patientHomeEn,
  patientProfile: patientProfileEn,
  research: researchEn,
  uploads: uploadsEn,
  visits: visitsEn,
  vitals: vitalsEn,
};

/** The strings bundled with the first page (English) or the Nepali chunk. */
export type BundledTranslation = typeof english;

/** The English a page's chunk brings for its own feature (`lib/page-strings.ts`). */
export interface PageStrings {
  hmis: typeof hmisStrings;
  people: typeof peopleStrings;
  doctorHours: typeof doctorHoursStrings;
  recordDownload: typeof recordDownloadStrings;
  profileSettings: typeof profileSettingsStrings;
  researchHome: typeof researchHomeStrings;
  compliance: typeof complianceStrings;
  clinicSettings: typeof clinicSettingsStrings;
  notifications: typeof notificationsStrings;
  recordReads: typeof recordReadsStrings;
  auditWords: typeof auditWordsStrings;
  dosage: typeof dosageStrings;
  prescribing: typeof prescribingStrings;
  chart: typeof chartStrings;
  queue: typeof queueStrings;
  staff: typeof staffStrings;
  patients: typeof patientsStrings;
  account: typeof accountStrings;
}

/** Every string the app may show: the bundled ones and those a page's chunk brings. */
export type Translation = BundledTranslation & PageStrings;
