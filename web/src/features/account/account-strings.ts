import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The strings of the staff's Account page: they come with its chunk, not the first download. */
export function addAccountStrings(): void {
  addPageStrings('account', en, ne);
}
