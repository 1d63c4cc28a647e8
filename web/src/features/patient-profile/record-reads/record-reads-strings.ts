import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** "Who has seen my record": with the Profile and its page, not the first download. */
export function addRecordReadsStrings(): void {
  addPageStrings('recordReads', en, ne);
}
