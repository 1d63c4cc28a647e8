import doctorHoursEn from '@/features/doctor-hours/locales/en.json';
import hmisEn from '@/features/hmis/locales/en.json';
import hmisNe from '@/features/hmis/locales/ne.json';
import peopleEn from '@/features/people/locales/en.json';
import peopleNe from '@/features/people/locales/ne.json';
import profileSettingsEn from '@/features/patient-profile/settings/locales/en.json';
import researchHomeEn from '@/features/research/home/locales/en.json';
import accountEn from '@/features/account/locales/en.json';
import accountNe from '@/features/account/locales/ne.json';
import patientsEn from '@/features/patients/locales/en.json';
import patientsNe from '@/features/patients/locales/ne.json';
import { english } from './english';
import { nepali } from './nepali';

/**
 * Both languages side by side, for the test that holds them to the same keys: the bundled
 * strings and those page chunks bring.
 */
export const resources = {
  en: {
    ...english,
    hmis: hmisEn,
    people: peopleEn,
    doctorHours: doctorHoursEn,
    profileSettings: profileSettingsEn,
    researchHome: researchHomeEn,
    patients: patientsEn,
    account: accountEn,
  },
  ne: { ...nepali, hmis: hmisNe, patients: patientsNe, account: accountNe, people: peopleNe },
};

export type { Translation } from './english';
