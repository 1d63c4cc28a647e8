import { addPageStrings } from '@/lib/page-strings';
import en from './locales/en.json';

/**
 * The researcher's home's English, with its own chunk: only researchers open it. Its Nepali is
 * in the Nepali chunk with the rest.
 */
export function addResearchHomeStrings(): void {
  addPageStrings('researchHome', en);
}
