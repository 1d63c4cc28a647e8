import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The strings of the prescription form and stopping a medicine: only doctors open them; they come with its chunk, not with the first download. */
export function addPrescribingStrings(): void {
  addPageStrings('prescribing', en, ne);
}
