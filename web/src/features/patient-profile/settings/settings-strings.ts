import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';

/**
 * The English of what the Profile's rows open (personal details, language and region, linked
 * clinics, this device), with the Profile's chunk rather than the first download. Their
 * Nepali is in the Nepali chunk with the rest.
 */
export function addProfileSettingsStrings(): void {
  addPageStrings('profileSettings', en);
}
