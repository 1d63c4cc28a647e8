import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The HMIS and clinics screens' strings, with their page's chunk: only staff open them. */
export function addHmisStrings(): void {
  addPageStrings('hmis', en, ne);
}
