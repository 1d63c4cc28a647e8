import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The People screens' strings, with their page's chunk: only admins and invitees open them. */
export function addPeopleStrings(): void {
  addPageStrings('people', en, ne);
}
