import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';
import ne from './locales/ne.json';

/** The strings of the patient chart: only doctors open it; they come with its chunk, not with the first download. */
export function addChartStrings(): void {
  addPageStrings('chart', en, ne);
}
