import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';

/**
 * The doctors' hours screens' English, with their page's chunk: only doctors and managers
 * open them. Their Nepali is in the Nepali chunk with the rest.
 */
export function addDoctorHoursStrings(): void {
  addPageStrings('doctorHours', en);
}
