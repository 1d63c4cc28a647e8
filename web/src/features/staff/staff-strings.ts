import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The strings of the staff's dashboards and placeholders: only staff open them, so they come
 * with those screens' chunks, not with the first download. */
export function addStaffStrings(): void {
  addPageStrings('staff', en, ne);
}
