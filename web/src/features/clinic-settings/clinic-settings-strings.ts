import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The Settings page's strings, with its chunk: only a clinic's administrator opens it. */
export function addClinicSettingsStrings(): void {
  addPageStrings('clinicSettings', en, ne);
}
