import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The strings of the doctor's queue: only doctors open it; they come with its chunk, not with the first download. */
export function addQueueStrings(): void {
  addPageStrings('queue', en, ne);
}
